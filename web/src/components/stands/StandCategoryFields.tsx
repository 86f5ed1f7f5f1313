import { ACTIVITY_CATEGORIES, FOOD_CATEGORIES, STAND_CATEGORIES } from '@flohmarkt/contracts';
import type { FieldErrors } from '@/components/form/field-errors';
import { CategoryPicker } from './CategoryPicker';

export interface StandCategories {
  categories: string[];
  foodCategories: string[];
  activityCategories: string[];
}

interface StandCategoryFieldsProps {
  values: StandCategories;
  onChange: <K extends keyof StandCategories>(key: K, value: string[]) => void;
  errors: FieldErrors;
  /** Keeps the ids unique when two stand forms could share a page. */
  idPrefix?: string;
  /** Who fills it in: the stand's holder ('own'), or the organiser on the market day for them ('theirs'). */
  voice?: 'own' | 'theirs';
}

/** The three category groups of the stand forms: products (at least one), food, activities. */
export function StandCategoryFields({ values, onChange, errors, idPrefix = '', voice = 'own' }: StandCategoryFieldsProps) {
  return (
    <>
      <CategoryPicker
        id={`${idPrefix}categories`}
        legend="Kategorien"
        required
        options={STAND_CATEGORIES}
        value={values.categories}
        onChange={(v) => onChange('categories', v)}
        error={errors.categories}
        hint={voice === 'own' ? 'Was bietest du an? Wähle mindestens eine Kategorie.' : 'Was bietet der Stand an? Wähle mindestens eine Kategorie.'}
      />
      <CategoryPicker
        id={`${idPrefix}foodCategories`}
        legend="Essen & Trinken"
        options={FOOD_CATEGORIES}
        value={values.foodCategories}
        onChange={(v) => onChange('foodCategories', v)}
        error={errors.foodCategories}
      />
      <CategoryPicker
        id={`${idPrefix}activityCategories`}
        legend="Aktionen"
        options={ACTIVITY_CATEGORIES}
        value={values.activityCategories}
        onChange={(v) => onChange('activityCategories', v)}
        error={errors.activityCategories}
      />
    </>
  );
}
