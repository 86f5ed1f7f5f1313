import { ACTIVITY_CATEGORIES, FOOD_CATEGORIES, STAND_CATEGORIES, type TStand } from '@flohmarkt/contracts';
import { useId, useMemo, type ReactNode } from 'react';
import { categoryOptions, type CategoryOption } from '@/features/events/lib/category-options';
import { EMPTY_STAND_FILTER, isFilterActive, type StandFilter } from '@/features/events/lib/stand-filter';

type ListKey = 'categories' | 'foodCategories' | 'activityCategories';

const GROUPS: Array<{ key: ListKey; legend: string; all: string; order: readonly string[] }> = [
  { key: 'categories', legend: 'Kategorien', all: 'Alle Kategorien', order: STAND_CATEGORIES },
  { key: 'foodCategories', legend: 'Essen & Trinken', all: 'Alle Speisen', order: FOOD_CATEGORIES },
  { key: 'activityCategories', legend: 'Aktionen', all: 'Alle Aktionen', order: ACTIVITY_CATEGORIES },
];

interface StandFiltersProps {
  stands: TStand[];
  filter: StandFilter;
  onChange: (filter: StandFilter) => void;
}

function toggle(list: string[], value: string): string[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

function Chip({ pressed, onClick, children, title }: { pressed: boolean; onClick: () => void; children: ReactNode; title?: string }) {
  return (
    <button type="button" className="chip" aria-pressed={pressed} onClick={onClick} title={title}>
      {children}
    </button>
  );
}

function OptionChip({ option, selected, onToggle }: { option: CategoryOption; selected: boolean; onToggle: () => void }) {
  return (
    <Chip pressed={selected} onClick={onToggle} title={option.top ? 'Eine der 3 häufigsten' : undefined}>
      {option.top ? (
        <>
          <span className="chip__star" aria-hidden="true">
            ★
          </span>
          <span className="visually-hidden">Beliebt: </span>
        </>
      ) : null}
      {option.value} <span className="chip__count">({option.count})</span>
    </Chip>
  );
}

/**
 * The stand filters of the event page: the categories the stands use, per kind with an 'all'
 * option and the 3 most frequent starred, PayPal only, a text search and 'Filter zurücksetzen'.
 */
export function StandFilters({ stands, filter, onChange }: StandFiltersProps) {
  const searchId = useId();
  const options = useMemo(
    () =>
      Object.fromEntries(
        GROUPS.map((g) => [
          g.key,
          categoryOptions(
            stands.map((s) => s[g.key]),
            g.order,
          ),
        ]),
      ) as Record<ListKey, CategoryOption[]>,
    [stands],
  );

  return (
    <div className="stand-filters">
      <div className="stand-filters__search">
        <label htmlFor={searchId} className="field-label">
          Stände durchsuchen
        </label>
        <input
          id={searchId}
          type="search"
          className="input"
          placeholder="z. B. 12, Bücher oder Anna"
          value={filter.text}
          onChange={(e) => onChange({ ...filter, text: e.target.value })}
        />
      </div>
      {GROUPS.map((group) =>
        options[group.key].length > 0 ? (
          <fieldset key={group.key} className="stand-filters__group">
            <legend className="field-label">{group.legend}</legend>
            <div className="chip-list">
              <Chip pressed={filter[group.key].length === 0} onClick={() => onChange({ ...filter, [group.key]: [] })}>
                {group.all}
              </Chip>
              {options[group.key].map((option) => (
                <OptionChip
                  key={option.value}
                  option={option}
                  selected={filter[group.key].includes(option.value)}
                  onToggle={() => onChange({ ...filter, [group.key]: toggle(filter[group.key], option.value) })}
                />
              ))}
            </div>
          </fieldset>
        ) : null,
      )}
      <div className="stand-filters__footer">
        <label className="checkbox">
          <input type="checkbox" checked={filter.payPalOnly} onChange={(e) => onChange({ ...filter, payPalOnly: e.target.checked })} />
          Nur Stände mit PayPal
        </label>
        {isFilterActive(filter) ? (
          <button type="button" className="button button--ghost button--small" onClick={() => onChange(EMPTY_STAND_FILTER)}>
            Filter zurücksetzen
          </button>
        ) : null}
      </div>
    </div>
  );
}
