import type { TEvent } from '@flohmarkt/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeEvent } from '@/testing/fixtures';
import { mockAuthUser, renderApp } from '@/testing/render-app';

vi.mock('@/components/maps/lazy-maps', () => ({ EventMap: () => <p>Karte</p>, StandMap: () => <p>Karte</p>, LandingMap: () => <p>Karte</p> }));

const seriesId = '00000007-0000-4000-8000-000000000001';
const day = 86_400_000;

/** The n-th Saturday-ish date of a series, a week apart, from `first` on. */
function dateOf(index: number, first: number, overrides: Partial<TEvent> = {}): TEvent {
  const start = first + index * 7 * day;
  return makeEvent({
    id: `00000001-0000-4000-8000-0000000001${String(index).padStart(2, '0')}`,
    name: 'Trödelmarkt am Rathausplatz',
    seriesId,
    copiedFromId: null,
    startDateTime: new Date(start).toISOString(),
    endDateTime: new Date(start + 6 * 3_600_000).toISOString(),
    ...overrides,
  });
}

function open(page: TEvent, dates: TEvent[]) {
  const fetchMock = mockAuthUser(null, {
    [`/api/events/${page.id}`]: page,
    [`/api/events/${page.id}/stands`]: [],
    [`/api/series/${seriesId}`]: { id: seriesId, events: dates },
  });
  renderApp(`/events/${page.id}`);
  return fetchMock;
}

describe('„Termine dieser Reihe“ on the event page (issue 34)', () => {
  it('lists the dates, marks this one, strikes the cancelled one through and links each to its market', async () => {
    const first = Date.now() - 7 * day;
    const dates = [dateOf(0, first, { phase: 'ended' }), dateOf(1, first), dateOf(2, first, { status: 'cancelled', phase: 'cancelled' })];
    open(dates[1]!, dates);

    const card = await screen.findByRole('region', { name: 'Termine dieser Reihe' }, { timeout: 10_000 });
    const items = within(card).getAllByRole('listitem');
    expect(items).toHaveLength(3);

    const current = within(items[1]!).getByRole('link');
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(items[1]!.textContent).toContain('dieser Termin');

    expect(items[2]!.textContent).toContain('abgesagt');
    expect(items[2]!.querySelector('s')).not.toBeNull();
    expect(items[1]!.textContent).not.toContain('abgesagt');

    expect(items[0]!.className).toContain('series-date--past');
    expect(items[0]!.textContent).toContain('(vorbei)');
    expect(items[2]!.className).not.toContain('series-date--past');

    expect(within(items[0]!).getByRole('link').getAttribute('href')).toBe(`/events/${dates[0]!.id}`);
    expect(within(items[2]!).getByRole('link').getAttribute('href')).toBe(`/events/${dates[2]!.id}`);
  });

  it('shows six dates around this one and all of them on request', async () => {
    const dates = Array.from({ length: 9 }, (_, i) => dateOf(i, Date.now() + day));
    open(dates[4]!, dates);

    const card = await screen.findByRole('region', { name: 'Termine dieser Reihe' }, { timeout: 10_000 });
    expect(within(card).getAllByRole('listitem')).toHaveLength(6);
    // The one before this date comes first.
    expect(within(card).getAllByRole('link')[0]!.getAttribute('href')).toBe(`/events/${dates[3]!.id}`);

    fireEvent.click(within(card).getByRole('button', { name: 'Alle 9 Termine zeigen' }));
    expect(within(card).getAllByRole('listitem')).toHaveLength(9);
    expect(within(card).queryByRole('button', { name: /Alle .* Termine zeigen/ })).toBeNull();
  });

  it('says the name of a date renamed on its own', async () => {
    const dates = [dateOf(0, Date.now() + day), dateOf(1, Date.now() + day, { name: 'Trödelmarkt am Rathausplatz – Sonderausgabe zum Stadtfest' })];
    open(dates[0]!, dates);
    const card = await screen.findByRole('region', { name: 'Termine dieser Reihe' }, { timeout: 10_000 });
    expect(within(card).getByText('Trödelmarkt am Rathausplatz – Sonderausgabe zum Stadtfest')).toBeTruthy();
  });

  it('a market on its own shows no series and asks for none', async () => {
    const single = makeEvent({ seriesId: null, copiedFromId: null });
    const fetchMock = open(single, []);
    await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
    await waitFor(() => expect(screen.getByRole('region', { name: 'Nicht vergessen' })).toBeTruthy());
    expect(screen.queryByRole('region', { name: 'Termine dieser Reihe' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/series/'))).toBe(false);
  });
});
