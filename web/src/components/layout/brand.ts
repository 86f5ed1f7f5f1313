import { SITE_BRAND } from '@flohmarkt/contracts';

export const PRODUCT_TITLE = SITE_BRAND.title;
export const PRODUCT_SUBTITLE = SITE_BRAND.subtitle;
