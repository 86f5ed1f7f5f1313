import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { EMPTY_STAND_FILTER } from './stand-filter';
import { useStandFilter } from './use-stand-filter';

function setup(address: string) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[address]}>{children}</MemoryRouter>;
  return renderHook(
    () => {
      const [filter, setFilter] = useStandFilter();
      return { filter, setFilter, search: decodeURIComponent(useLocation().search) };
    },
    { wrapper },
  );
}

describe('useStandFilter', () => {
  it('reads a shared link: the known categories, PayPal and the search; unknown values are left out', () => {
    const { result } = setup('/events/e1?kategorie=Bücher&kategorie=<script>&kategorie=Bücher&essen=Kuchen&aktion=Basteln&paypal=1&suche=Lego');
    expect(result.current.filter).toEqual({
      categories: ['Bücher'],
      foodCategories: ['Kuchen'],
      activityCategories: ['Basteln'],
      payPalOnly: true,
      text: 'Lego',
    });
  });

  it('answers at once, writes chips and PayPal to the address right after, the typed search after a pause, and a reset clears all', () => {
    vi.useFakeTimers();
    try {
      const { result } = setup('/events/e1?from=invite');
      act(() => result.current.setFilter({ ...EMPTY_STAND_FILTER, categories: ['Bücher', 'Deko'], payPalOnly: true }));
      expect(result.current.filter.categories).toEqual(['Bücher', 'Deko']);
      act(() => vi.advanceTimersByTime(1));
      expect(result.current.search).toBe('?from=invite&kategorie=Bücher&kategorie=Deko&paypal=1');

      act(() => result.current.setFilter({ ...result.current.filter, text: 'Playmo' }));
      act(() => vi.advanceTimersByTime(100));
      // The list filters at once; the address follows when typing pauses.
      expect(result.current.filter.text).toBe('Playmo');
      expect(result.current.search).not.toContain('suche');
      act(() => vi.advanceTimersByTime(400));
      expect(result.current.search).toBe('?from=invite&kategorie=Bücher&kategorie=Deko&paypal=1&suche=Playmo');
      expect(result.current.filter.text).toBe('Playmo');

      act(() => result.current.setFilter(EMPTY_STAND_FILTER));
      expect(result.current.filter).toEqual(EMPTY_STAND_FILTER);
      act(() => vi.advanceTimersByTime(1));
      expect(result.current.search).toBe('?from=invite');
      expect(result.current.filter).toEqual(EMPTY_STAND_FILTER);
    } finally {
      vi.useRealTimers();
    }
  });
});
