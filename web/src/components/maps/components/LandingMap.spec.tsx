import type { TEventViewport } from '@flohmarkt/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeEvent } from '@/testing/fixtures';
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
    const event = makeEvent({ name: 'Trödelmarkt am Rhein', latitude: '50.94', longitude: '6.96' });
    renderMap({ total: 480, inView: 1, clustered: false, clusters: [], events: [event] });
    expect(stats().textContent).toContain('1 Flohmarkt im Kartenausschnitt');
    expect(await screen.findByTitle('Trödelmarkt am Rhein')).toBeTruthy();
    expect(screen.queryByTitle(/zum Vergrößern klicken/)).toBeNull();
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
