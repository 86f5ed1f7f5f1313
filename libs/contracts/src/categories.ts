import { z } from 'zod';
import { ACTIVITY_CATEGORIES, FOOD_CATEGORIES, STAND_CATEGORIES } from './category-lists.js';
import { VALIDATION } from './validation-messages.js';

// A value outside the list answers a German sentence, never the zod default.
export const ZStandCategory = z.enum(STAND_CATEGORIES, { error: VALIDATION.invalidStandCategory });
export const ZFoodCategory = z.enum(FOOD_CATEGORIES, { error: VALIDATION.invalidFoodCategory });
export const ZActivityCategory = z.enum(ACTIVITY_CATEGORIES, {
  error: VALIDATION.invalidActivityCategory,
});
