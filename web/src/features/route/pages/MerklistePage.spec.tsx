import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockAuthUser, renderApp } from '@/testing/render-app';
import { makeEvent, makeStand } from '@/testing/fixtures';
import { FAVOURITES_STORAGE_KEY } from '@/features/favourites/api/favourites';

const event = makeEvent({ id: '00000001-0000-4000-8000-00000000e001' });
// Along a street, west to east, listed out of order; one is closed today.
const stands = [
  makeStand({ eventId: event.id, standNumber: '3', latitude: '52.49000000', longitude: '13.40200000', categories: ['Bücher'] }),
  makeStand({ eventId: event.id, standNumber: '1', latitude: '52.49000000', longitude: '13.40000000', categories: ['Deko'] }),
  makeStand({ eventId: event.id, standNumber: '2', latitude: '52.49000000', longitude: '13.40100000', categories: [] }),
  { ...makeStand({ eventId: event.id, standNumber: '4', latitude: '52.49000000', longitude: '13.40300000' }), liveState: 'closed' },
  makeStand({ eventId: event.id, standNumber: '9', latitude: '52.49000000', longitude: '13.40900000' }),
];
const marked = stands.slice(0, 4);

const orderShown = () =>
  within(screen.getByRole('list', { name: 'Reihenfolge der Runde' }))
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('Merkliste and Meine Runde', () => {
  beforeEach(() => {
    localStorage.setItem(FAVOURITES_STORAGE_KEY, JSON.stringify({ stands: [...marked.map((s) => s.id), 'deleted-stand'], events: [] }));
    mockAuthUser(null, { [`/api/events/${event.id}`]: event, [`/api/events/${event.id}/stands`]: stands });
  });
  afterEach(() => localStorage.clear());

  it('lists the marked stands (not deleted ones) and plans the round without the closed stand, in street order', async () => {
    renderApp(`/events/${event.id}/merkliste`);
    const list = await screen.findByRole('list', { name: 'Gemerkte Stände' }, { timeout: 10_000 });
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Stand #3', 'Stand #1', 'Stand #2', 'Stand #4']);
    expect(within(list).getByText(/Geschlossen/)).toBeTruthy();
    expect(screen.getByText('1 Stand ist geschlossen oder ohne Standort und wird ausgelassen.')).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'Start-Stand' }), { target: { value: stands[1]!.id } });
    fireEvent.click(screen.getByRole('radio', { name: 'Einfacher Weg' }));
    fireEvent.click(screen.getByRole('button', { name: 'Runde berechnen' }));

    await screen.findByRole('heading', { name: 'Meine Runde' }, { timeout: 10_000 });
    expect(orderShown()).toEqual(['Stand #1', 'Stand #2', 'Stand #3']);
    // 0.002° of longitude at 52.49° N: about 135 m in all.
    expect(document.querySelector('.route-view__summary')?.textContent).toMatch(/^3 Stände · 1[34]\d m zu Fuß · Einfacher Weg/);
    const google = screen.getByRole('link', { name: 'In Google Maps öffnen' }).getAttribute('href') ?? '';
    expect(google).toContain('travelmode=walking');
    expect(screen.getByRole('button', { name: 'GPX herunterladen' })).toBeTruthy();

    const share = (screen.getByRole('textbox', { name: 'Link zu dieser Runde' }) as HTMLInputElement).value;
    expect(new URL(share).searchParams.get('reihe')).toBe([stands[1]!.id, stands[2]!.id, stands[0]!.id].join(','));
    // The first render loads the page's and the map's chunks (cold in a test run).
  }, 20_000);

  it("shows the round along the streets, in the server's order and lengths, where the installation has a routing server", async () => {
    const [three, one, two] = stands;
    const asked: string[] = [];
    mockAuthUser(null, {
      [`/api/events/${event.id}`]: event,
      [`/api/events/${event.id}/stands`]: stands,
      [`/api/events/${event.id}/route`]: (url: URL) => {
        asked.push(url.search);
        // Along the streets 1 → 3 → 2 is shorter (a one-way street, say), and the way bends.
        return {
          order: [one!.id, three!.id, two!.id],
          stops: [],
          distanceM: 780,
          legs: [
            { from: null, to: one!.id, distanceM: 0, label: 'Stand #1' },
            { from: one!.id, to: three!.id, distanceM: 400, label: 'Stand #3' },
            { from: three!.id, to: two!.id, distanceM: 380, label: 'Stand #2' },
          ],
          mapsLinks: [],
          appleMapsLinks: [],
          durationS: 600,
          exact: true,
          distances: 'street',
          geometry: 'streets',
          track: {
            type: 'LineString',
            coordinates: [
              [13.4, 52.49],
              [13.4, 52.491],
              [13.402, 52.491],
              [13.402, 52.49],
              [13.401, 52.49],
            ],
          },
          skipped: [],
        };
      },
    });
    renderApp(`/events/${event.id}/merkliste`);
    await screen.findByRole('list', { name: 'Gemerkte Stände' }, { timeout: 10_000 });
    fireEvent.change(screen.getByRole('combobox', { name: 'Start-Stand' }), { target: { value: one!.id } });
    fireEvent.click(screen.getByRole('radio', { name: 'Einfacher Weg' }));
    fireEvent.click(screen.getByRole('button', { name: 'Runde berechnen' }));

    await waitFor(
      () => expect(document.querySelector('.route-view__summary')?.textContent).toMatch(/^3 Stände · 780 m zu Fuß · Einfacher Weg \(entlang der Wege\)/),
      {
        timeout: 10_000,
      },
    );
    expect(orderShown()).toEqual(['Stand #1', 'Stand #3', 'Stand #2']);
    // Asked once, for the same choice, start, mode and loop as the browser planned.
    const query = new URLSearchParams(asked[0]);
    expect(query.get('stands')?.split(',').sort()).toEqual([one!.id, two!.id, three!.id].sort());
    expect(Object.fromEntries([...query].filter(([key]) => key !== 'stands'))).toEqual({ start: one!.id, mode: 'walk', loop: 'false' });
  }, 20_000);

  it('says in German when the position is refused', async () => {
    // Only the position is refused; the rest of the browser stays as it is (a stand-in navigator built by
    // spreading jsdom's copies none of its getters, and Leaflet reads userAgent when it loads).
    const refusing = { getCurrentPosition: (_ok: unknown, fail: (e: object) => void) => fail({ code: 1, PERMISSION_DENIED: 1, TIMEOUT: 3 }) };
    Object.defineProperty(navigator, 'geolocation', { value: refusing, configurable: true });
    try {
      renderApp(`/events/${event.id}/merkliste`);
      fireEvent.click(await screen.findByRole('radio', { name: 'Mein Standort' }, { timeout: 10_000 }));
      fireEvent.click(screen.getByRole('button', { name: 'Runde berechnen' }));
      expect((await screen.findByRole('alert')).textContent).toBe('Der Zugriff auf deinen Standort wurde nicht erlaubt.');
    } finally {
      delete (navigator as { geolocation?: unknown }).geolocation;
    }
  });

  it('opens a shared round in the order of the link, not planned again', async () => {
    localStorage.clear();
    const order = [stands[0]!.id, stands[4]!.id, stands[1]!.id];
    renderApp(`/events/${event.id}/runde?reihe=${order.join(',')}&rund=0&mit=fuss`);
    await screen.findByRole('heading', { name: 'Meine Runde' }, { timeout: 10_000 });
    await waitFor(() => expect(orderShown()).toEqual(['Stand #3', 'Stand #9', 'Stand #1']));
  });
});
