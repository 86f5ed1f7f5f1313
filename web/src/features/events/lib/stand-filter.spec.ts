// @vitest-environment node
import type { TStand } from '@flohmarkt/contracts';
import { describe, expect, it } from 'vitest';
import { makeStand } from '@/testing/fixtures';
import { categoryOptions } from './category-options';
import { EMPTY_STAND_FILTER, filterStands, isFilterActive, type StandFilter } from './stand-filter';

const books = makeStand({ standNumber: '1', categories: ['Bücher', 'CDs'], foodCategories: ['Kuchen'], acceptsPayPal: true });
const toys = makeStand({ standNumber: '2', categories: ['Spielzeug'], activityCategories: ['Basteln'], description: 'Lego und Playmobil' });
const waffles = makeStand({
  standNumber: 'Waffelstand',
  categories: ['Verschiedenes'],
  foodCategories: ['Waffeln', 'Kaltgetränke'],
  exhibitor: { id: '00000009-0000-4000-8000-000000000003', firstName: 'Jana', lastName: 'Schulze' },
  description: null,
});
const guest = makeStand({ standNumber: null, categories: ['Bücher'], guestFirstName: 'Gustav', guestLastName: 'Gärtner', acceptsPayPal: true });
const all = [books, toys, waffles, guest];

function run(filter: Partial<StandFilter>): Array<string | null> {
  return filterStands(all, { ...EMPTY_STAND_FILTER, ...filter }).map((s: TStand) => s.standNumber ?? s.guestFirstName);
}

describe('filterStands', () => {
  it('shows every stand without a filter', () => {
    expect(run({})).toEqual(['1', '2', 'Waffelstand', 'Gustav']);
    expect(isFilterActive(EMPTY_STAND_FILTER)).toBe(false);
  });

  it('matches any of the selected values within one kind', () => {
    expect(run({ categories: ['Spielzeug', 'CDs'] })).toEqual(['1', '2']);
    expect(run({ foodCategories: ['Kuchen', 'Waffeln'] })).toEqual(['1', 'Waffelstand']);
  });

  it('combines kinds, PayPal and text with AND', () => {
    expect(run({ categories: ['Bücher'], foodCategories: ['Kuchen'] })).toEqual(['1']);
    expect(run({ categories: ['Bücher'], payPalOnly: true })).toEqual(['1', 'Gustav']);
    expect(run({ categories: ['Bücher'], text: 'gärtner' })).toEqual(['Gustav']);
    expect(run({ categories: ['Spielzeug'], foodCategories: ['Kuchen'] })).toEqual([]);
    expect(isFilterActive({ ...EMPTY_STAND_FILTER, payPalOnly: true })).toBe(true);
  });

  it('searches number, description, the three kinds and the names, ignoring case', () => {
    expect(run({ text: 'WAFFELSTAND' })).toEqual(['Waffelstand']);
    expect(run({ text: 'playmobil' })).toEqual(['2']);
    expect(run({ text: 'basteln' })).toEqual(['2']);
    expect(run({ text: 'kaltgetränke' })).toEqual(['Waffelstand']);
    expect(run({ text: 'cds' })).toEqual(['1']);
    expect(run({ text: 'jana' })).toEqual(['Waffelstand']);
    expect(run({ text: 'schulze' })).toEqual(['Waffelstand']);
    expect(run({ text: '  ' })).toEqual(['1', '2', 'Waffelstand', 'Gustav']);
    expect(run({ text: 'fahrrad' })).toEqual([]);
  });

  it('finds a stand by several words wherever they stand, and only when every word is there', () => {
    expect(run({ text: 'Playmobil  Lego' })).toEqual(['2']);
    expect(run({ text: 'jana waffeln' })).toEqual(['Waffelstand']);
    expect(run({ text: 'lego fahrrad' })).toEqual([]);
  });
});

describe('categoryOptions', () => {
  const order = ['Bücher', 'CDs', 'Spielzeug', 'Deko', 'Kunst'];

  it('lists the used values in list order with counts and stars the top 3', () => {
    const options = categoryOptions([['Kunst', 'Deko'], ['Deko', 'Bücher'], ['Deko', 'Kunst'], ['CDs'], ['Spielzeug', 'Bücher']], order);
    expect(options).toEqual([
      { value: 'Bücher', count: 2, top: true },
      { value: 'CDs', count: 1, top: false },
      { value: 'Spielzeug', count: 1, top: false },
      { value: 'Deko', count: 3, top: true },
      { value: 'Kunst', count: 2, top: true },
    ]);
  });

  it('breaks ties by the fixed list and counts a value once per stand', () => {
    const options = categoryOptions([['Kunst', 'Kunst'], ['CDs'], ['Deko'], ['Bücher']], order);
    expect(options.filter((o) => o.top).map((o) => o.value)).toEqual(['Bücher', 'CDs', 'Deko']);
    expect(options.find((o) => o.value === 'Kunst')?.count).toBe(1);
  });

  it('stars every value when there are 3 or fewer and puts unknown values last', () => {
    const options = categoryOptions([['Altes Zeug'], ['CDs']], order);
    expect(options.map((o) => [o.value, o.top])).toEqual([
      ['CDs', true],
      ['Altes Zeug', true],
    ]);
  });
});
