import type { TEventMarker, TEventViewport } from '@flohmarkt/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockAuthUser } from '@/testing/render-app';
import { renderWithProviders } from '@/testing/render-with-providers';
import { LandingMap } from './LandingMap';

const clustered: TEventViewport = {
  total: 480,
  inView: 12,
  clustered: true,
  clusters: [
    { lat: 50.94, lng: 6.96, count: 7, bbox: [6.9, 50.9, 7.0, 50.98] },
    { lat: 51.34, lng: 12.38, count: 5, bbox: [12.3, 51.3, 12.45, 51.38] },
  ],
  events: [],
};

/** A market as the viewport lists it: the marker's fields only, no description, organiser or counts. */
const marker = (fields: Partial<TEventMarker> = {}): TEventMarker => ({
  id: '7d3c2c1e-5b0a-4f7e-9a51-3c1f0e2d4b6a',
  name: 'Trödelmarkt am Rhein',
  location: 'Rheinufer 3, 50668 Köln',
  latitude: '50.94000000',
  longitude: '6.96000000',
  startDateTime: '2031-05-17T07:00:00.000Z',
  status: 'planned',
  ...fields,
});

const stats = () => document.querySelector('.map-stats') as HTMLElement;

function renderMap(viewport: TEventViewport | undefined, counting = false, failed = false) {
  mockAuthUser(null);
  const onViewChange = vi.fn();
  renderWithProviders(<LandingMap viewport={viewport} counting={counting} failed={failed} found={null} onViewChange={onViewChange} />);
  return onViewChange;
}

describe('LandingMap', () => {
  it('says how many markets the server counted in view and in all, and draws its clusters with their counts', async () => {
    renderMap(clustered);
    expect(stats().textContent).toContain('12 Flohmärkte im Kartenausschnitt');
    expect(stats().textContent).toContain('480 insgesamt');
    expect(await screen.findByTitle('7 Flohmärkte – zum Vergrößern klicken')).toBeTruthy();
    expect(screen.getByTitle('5 Flohmärkte – zum Vergrößern klicken').textContent).toBe('5');
  });

  it('keeps the bigger count on top where bubbles overlap (Leaflet would stack the southern one higher)', async () => {
    renderMap({
      ...clustered,
      clusters: [
        { lat: 51.0, lng: 7.0, count: 2146, bbox: [6.9, 50.9, 7.1, 51.1] },
        { lat: 50.95, lng: 7.0, count: 12, bbox: [6.95, 50.9, 7.05, 51.0] },
      ],
    });
    const big = await screen.findByTitle('2146 Flohmärkte – zum Vergrößern klicken');
    const small = screen.getByTitle('12 Flohmärkte – zum Vergrößern klicken');
    expect(Number(big.style.zIndex)).toBeGreaterThan(Number(small.style.zIndex));
  });

  it('claims no count for a view it has no answer for yet, but keeps the total', () => {
    renderMap(clustered, true);
    expect(stats().textContent).toContain('Flohmärkte im Kartenausschnitt werden gezählt …');
    expect(stats().textContent).not.toContain('12');
    expect(stats().textContent).toContain('480 insgesamt');
    expect(stats().getAttribute('aria-busy')).toBe('true');
  });

  it('before any answer shows no number at all', () => {
    renderMap(undefined, true);
    expect(stats().textContent).toBe('Flohmärkte im Kartenausschnitt werden gezählt …');
  });

  it('names a failed viewport call instead of a number', () => {
    renderMap(undefined, false, true);
    expect(stats().textContent).toContain('Die Flohmärkte der Karte konnten nicht geladen werden.');
  });

  it('draws the events themselves as markers when the server did not cluster, in the singular for one', async () => {
    renderMap({ total: 480, inView: 1, clustered: false, clusters: [], events: [marker()] });
    expect(stats().textContent).toContain('1 Flohmarkt im Kartenausschnitt');
    expect(await screen.findByTitle('Trödelmarkt am Rhein')).toBeTruthy();
    expect(screen.queryByTitle(/zum Vergrößern klicken/)).toBeNull();
  });

  it('a click on a marker selects the market: the info card shows what the marker item carries', async () => {
    const cancelled = marker({
      id: '0b9e8d7c-6a5b-4c3d-8e2f-1a0b9c8d7e6f',
      name: 'Hofflohmarkt Plagwitz',
      status: 'cancelled',
      location: 'Karl-Heine-Straße 1, 04229 Leipzig',
    });
    renderMap({
      total: 480,
      inView: 2,
      clustered: false,
      clusters: [],
      events: [marker(), { ...cancelled, latitude: '51.34000000', longitude: '12.38000000' }],
    });
    fireEvent.click(await screen.findByTitle('Hofflohmarkt Plagwitz'));
    const card = await screen.findByRole('region', { name: 'Ausgewählt: Hofflohmarkt Plagwitz' });
    expect(card.textContent).toContain('Karl-Heine-Straße 1, 04229 Leipzig');
    expect(card.textContent).toContain('Abgesagt');
    expect(card.querySelector('a')?.getAttribute('href')).toBe('/events/0b9e8d7c-6a5b-4c3d-8e2f-1a0b9c8d7e6f');
  });

  it("markets at one point (a town's middle) are listed in one popup, each with its link, since no zoom parts them", async () => {
    const names = ['Flohmarkt Ehrenfeld', 'Flohmarkt Nippes', 'Flohmarkt Sülz'];
    const events = names.map((name, i) => marker({ id: `7d3c2c1e-5b0a-4f7e-9a51-3c1f0e2d4b6${i}`, name }));
    renderMap({ total: 480, inView: 3, clustered: false, clusters: [], events });
    fireEvent.click(await screen.findByTitle('3 Flohmärkte an dieser Stelle – zum Anzeigen klicken'));
    const list = await screen.findByRole('list', { name: '3 Flohmärkte an dieser Stelle' });
    expect([...list.querySelectorAll('.map-popup__title')].map((p) => p.textContent?.trim())).toEqual(names);
    expect([...list.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(events.map((e) => `/events/${e.id}`));
  });

  it('reports its view once it is ready: a box within the world and a whole zoom level', async () => {
    const onViewChange = renderMap(clustered);
    await vi.waitFor(() => expect(onViewChange).toHaveBeenCalled());
    const [{ bbox, zoom }] = onViewChange.mock.calls[0] as [{ bbox: number[]; zoom: number }];
    expect(zoom).toBe(6);
    expect(bbox).toHaveLength(4);
    expect(bbox.every((n) => Number.isFinite(n))).toBe(true);
  });
});
