import type { TEventViewport } from '@flohmarkt/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { makeEvent } from '@/testing/fixtures';
import { json, mockAuthUser } from '@/testing/render-app';
import { renderWithProviders } from '@/testing/render-with-providers';
import { EventResults } from './EventResults';
import type * as LazyMaps from '@/components/maps/lazy-maps';

interface FakeMapProps {
  viewport: TEventViewport | undefined;
  counting: boolean;
  onViewChange: (view: { bbox: [number, number, number, number]; zoom: number }) => void;
}

// Leaflet itself is LandingMap.spec's; here the map is two buttons that pan it, and what it was given.
vi.mock('@/components/maps/lazy-maps', async (importOriginal) => ({
  ...(await importOriginal<typeof LazyMaps>()),
  LandingMap: ({ viewport, counting, onViewChange }: FakeMapProps) => (
    <div>
      <button type="button" onClick={() => onViewChange({ bbox: [6.5, 50.7, 7.4, 51.1], zoom: 10 })}>
        nach Köln
      </button>
      <button type="button" onClick={() => onViewChange({ bbox: [12.1, 51.2, 12.6, 51.5], zoom: 11 })}>
        nach Leipzig
      </button>
      <p data-testid="map">{counting || !viewport ? 'zählt' : `${viewport.inView} von ${viewport.total}`}</p>
    </div>
  ),
}));

const events = Array.from({ length: 12 }, (_, i) => makeEvent({ name: `Flohmarkt Nr. ${i + 1}`, distanceKm: i * 1.25 }));

/** GET /api/events as the server pages it: limit/offset over the 12, the total in X-Total-Count. */
function pagedEvents(url: URL): Response {
  const offset = Number(url.searchParams.get('offset') ?? 0);
  const limit = Number(url.searchParams.get('limit') ?? 500);
  const page = events.slice(offset, offset + limit).map((e) => (url.searchParams.get('sort') === 'distance' ? e : { ...e, distanceKm: undefined }));
  return new Response(JSON.stringify(page), { status: 200, headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(events.length) } });
}

const inCologne: TEventViewport = {
  total: 480,
  inView: 31,
  clustered: true,
  clusters: [{ lat: 50.94, lng: 6.96, count: 31, bbox: [6.9, 50.9, 7, 50.98] }],
  events: [],
};
const inLeipzig: TEventViewport = { ...inCologne, inView: 9, clusters: [{ lat: 51.34, lng: 12.38, count: 9, bbox: [12.3, 51.3, 12.45, 51.38] }] };

function calls(fetchMock: ReturnType<typeof mockAuthUser>, pathname: string): URL[] {
  return fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((url) => url.pathname === pathname);
}

const names = () => screen.getAllByRole('link', { name: /Flohmarkt Nr\./ }).map((link) => link.querySelector('.event-list__name')?.textContent?.trim());

function renderResults(found: { lat: number; lng: number } | null = null, ready = true) {
  return renderWithProviders(
    <EventResults
      params={{ upcoming: true, ...(found ? { lat: found.lat, lng: found.lng, radiusKm: 50 } : {}) }}
      ready={ready}
      active={found !== null}
      found={found}
      place={found ? 'Köln' : null}
      date=""
    />,
  );
}

describe('the landing list pages through the matches', () => {
  it('shows 5 first with the total, loads the next 5 in order on the button, and drops the button at the end', async () => {
    const fetchMock = mockAuthUser(null, { '/api/events': pagedEvents });
    renderResults();
    expect(await screen.findByText('Zeige 5 von 12 Flohmärkten')).toBeTruthy();
    expect(names()).toEqual(['Flohmarkt Nr. 1', 'Flohmarkt Nr. 2', 'Flohmarkt Nr. 3', 'Flohmarkt Nr. 4', 'Flohmarkt Nr. 5']);

    fireEvent.click(screen.getByRole('button', { name: 'Weitere Flohmärkte anzeigen' }));
    expect(await screen.findByText('Zeige 10 von 12 Flohmärkten')).toBeTruthy();
    expect(names()).toEqual(events.slice(0, 10).map((e) => e.name));
    // The keyboard reads on where the list grew: the first new market has the focus.
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Flohmarkt Nr. 6'));

    fireEvent.click(screen.getByRole('button', { name: 'Weitere Flohmärkte anzeigen' }));
    expect(await screen.findByText('Zeige alle 12 Flohmärkte')).toBeTruthy();
    expect(names()).toEqual(events.map((e) => e.name));
    expect(screen.queryByRole('button', { name: 'Weitere Flohmärkte anzeigen' })).toBeNull();
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Flohmarkt Nr. 11'));

    const asked = calls(fetchMock, '/api/events').map((url) => [url.searchParams.get('limit'), url.searchParams.get('offset'), url.searchParams.get('sort')]);
    expect(asked).toEqual([
      ['5', '0', null],
      ['5', '5', null],
      ['5', '10', null],
    ]);
  });

  it('with a place: nearest first (sort=distance) and the distance beside each', async () => {
    const fetchMock = mockAuthUser(null, { '/api/events': pagedEvents });
    renderResults({ lat: 50.94, lng: 6.96 });
    expect(await screen.findByText('Zeige 5 von 12 Flohmärkten')).toBeTruthy();
    const first = calls(fetchMock, '/api/events')[0]?.searchParams;
    expect([first?.get('sort'), first?.get('lat'), first?.get('lng'), first?.get('radiusKm')]).toEqual(['distance', '50.94', '6.96', '50']);
    expect(screen.getByRole('link', { name: /Flohmarkt Nr\. 2/ }).textContent).toContain('1,3 km entfernt');
  });

  it('has no button when everything fits on the first page', async () => {
    mockAuthUser(null, {
      '/api/events': () => new Response(JSON.stringify(events.slice(0, 3)), { headers: { 'Content-Type': 'application/json', 'X-Total-Count': '3' } }),
    });
    renderResults();
    expect(await screen.findByText('Zeige alle 3 Flohmärkte')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Weitere Flohmärkte anzeigen' })).toBeNull();
  });
});

describe('the landing map asks the server for what it shows', () => {
  it('one request per settled view, the one before aborted, and no count until the answer for this view', async () => {
    const signals: AbortSignal[] = [];
    const fetchMock = mockAuthUser(null, { '/api/events': pagedEvents });
    const answerOther = fetchMock.getMockImplementation() as (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
    // The viewport call answers like a server would, honouring the abort signal as fetch does; the
    // first view's answer is slow, so the map moves on before it comes.
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== '/api/events/viewport') return answerOther(input, init);
      const signal = init?.signal as AbortSignal;
      signals.push(signal);
      const cologne = url.searchParams.get('zoom') === '10';
      return new Promise<Response>((resolve, reject) => {
        const timer = setTimeout(() => resolve(json(cologne ? inCologne : inLeipzig)), cologne ? 1500 : 10);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new DOMException('Aborted', 'AbortError'));
        });
      });
    });
    renderResults();
    // Two views in quick succession (a double zoom): only the one the map rests on is asked for.
    fireEvent.click(screen.getByRole('button', { name: 'nach Leipzig' }));
    fireEvent.click(screen.getByRole('button', { name: 'nach Köln' }));
    await waitFor(() => expect(calls(fetchMock, '/api/events/viewport')).toHaveLength(1));
    const [asked] = calls(fetchMock, '/api/events/viewport');
    expect(Object.fromEntries(asked?.searchParams ?? [])).toEqual({ bbox: '6.5,50.7,7.4,51.1', zoom: '10', upcoming: 'true' });
    expect(screen.getByTestId('map').textContent).toBe('zählt');

    // The map moves on while Köln is still loading: that request is cancelled, Leipzig is counted.
    fireEvent.click(screen.getByRole('button', { name: 'nach Leipzig' }));
    await waitFor(() => expect(screen.getByTestId('map').textContent).toBe('9 von 480'));
    expect(calls(fetchMock, '/api/events/viewport')).toHaveLength(2);
    expect(signals[0]?.aborted).toBe(true);
    expect(signals[1]?.aborted).toBe(false);
  });

  it('shows the map only once the place is looked up, so it never asks for the view it is about to leave', async () => {
    const fetchMock = mockAuthUser(null, { '/api/events': pagedEvents, '/api/events/viewport': inCologne });
    function LookingUp() {
      const [ready, setReady] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setReady(true)}>
            Ort gefunden
          </button>
          <EventResults params={{ upcoming: true }} ready={ready} active={false} found={null} place={null} date="" />
        </>
      );
    }
    renderWithProviders(<LookingUp />);
    expect(screen.queryByRole('button', { name: 'nach Köln' })).toBeNull();
    expect(screen.getByText('Karte wird geladen …')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ort gefunden' }));
    fireEvent.click(await screen.findByRole('button', { name: 'nach Köln' }));
    await waitFor(() => expect(screen.getByTestId('map').textContent).toBe('31 von 480'));
    expect(calls(fetchMock, '/api/events/viewport')).toHaveLength(1);
  });
});
