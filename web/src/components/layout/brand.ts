export const PRODUCT_TITLE = 'Flohmarkt';
export const PRODUCT_SUBTITLE = 'Flohmärkte in deiner Nähe';
