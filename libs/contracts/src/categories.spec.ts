import { describe, expect, it } from 'vitest';
import { ZActivityCategory, ZFoodCategory, ZStandCategory } from './categories.js';
import { ACTIVITY_CATEGORIES, FOOD_CATEGORIES, STAND_CATEGORIES } from './category-lists.js';
import { VALIDATION } from './validation-messages.js';
import { firstMessage } from './testing/issues.js';

describe('category lists', () => {
  it('hold 35 stand, 10 food and 9 activity categories', () => {
    expect(STAND_CATEGORIES).toHaveLength(35);
    expect(FOOD_CATEGORIES).toHaveLength(10);
    expect(ACTIVITY_CATEGORIES).toHaveLength(9);
  });

  it('keep the spec spelling and order', () => {
    expect(STAND_CATEGORIES).toContain('Blue-Rays');
    expect(STAND_CATEGORIES[0]).toBe('Kleidung');
    expect(STAND_CATEGORIES[14]).toBe('Blue-Rays');
    expect(STAND_CATEGORIES.at(-1)).toBe('Verschiedenes');
    expect(FOOD_CATEGORIES.at(-1)).toBe('sonstige Speisen');
    expect(ACTIVITY_CATEGORIES.at(-1)).toBe('weitere Aktionen');
  });

  it('have no duplicates', () => {
    for (const list of [STAND_CATEGORIES, FOOD_CATEGORIES, ACTIVITY_CATEGORIES]) {
      expect(new Set(list).size).toBe(list.length);
    }
  });

  it('accept listed values and refuse others in German', () => {
    expect(ZStandCategory.parse('Münzen & Briefmarken')).toBe('Münzen & Briefmarken');
    expect(ZFoodCategory.parse('Süßigkeiten')).toBe('Süßigkeiten');
    expect(ZActivityCategory.parse('Hüpfburg')).toBe('Hüpfburg');
    expect(firstMessage(ZStandCategory, 'Blu-Rays')).toBe(VALIDATION.invalidStandCategory);
    expect(firstMessage(ZFoodCategory, 'Pizza')).toBe(VALIDATION.invalidFoodCategory);
    expect(firstMessage(ZActivityCategory, 42)).toBe(VALIDATION.invalidActivityCategory);
  });
});
