import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockAuthUser, renderApp } from '@/testing/render-app';
import type * as LazyMaps from '@/components/maps/lazy-maps';

// The map is its own lazily loaded chunk; here it only says where it is centred.
vi.mock('@/components/maps/lazy-maps', async (importOriginal) => ({
  ...(await importOriginal<typeof LazyMaps>()),
  LandingMap: ({ found }: { found: { lat: number; lng: number } | null }) => (
    <p data-testid="map">{found ? `Zentrum ${found.lat}, ${found.lng}` : 'Deutschland'}</p>
  ),
}));

const suggestions = [
  { displayName: 'Hauptstraße, 10827 Berlin', lat: 52.4871, lng: 13.3547, placeId: 's1' },
  { displayName: 'Hauptstraße, 69117 Heidelberg', lat: 49.4109, lng: 8.7036, placeId: 's2' },
  { displayName: 'Hauptstraße, 99084 Erfurt', lat: 50.9777, lng: 11.0293, placeId: 's3' },
];

function setup() {
  return mockAuthUser(null, {
    '/api/geocode': (url: URL) => (url.searchParams.get('q')?.startsWith('Haupt') ? suggestions.slice(0, Number(url.searchParams.get('limit'))) : []),
    '/api/events': [],
  });
}

function geocodeCalls(fetchMock: ReturnType<typeof mockAuthUser>): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/geocode')
    .map((url) => url.searchParams);
}

const box = () => screen.getByRole('combobox', { name: 'Wo?' });

describe('the landing search box suggests places while typing', () => {
  it('asks for 5 suggestions from 3 characters, 300 ms after the last key, and lists them', async () => {
    const fetchMock = setup();
    renderApp('/');
    fireEvent.change(box(), { target: { value: 'Ha' } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(geocodeCalls(fetchMock)).toEqual([]);

    fireEvent.change(box(), { target: { value: 'Hauptstr' } });
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(suggestions.map((s) => s.displayName));
    expect(box().getAttribute('aria-expanded')).toBe('true');
    const asked = geocodeCalls(fetchMock);
    expect(asked.map((p) => [p.get('q'), p.get('limit')])).toContainEqual(['Hauptstr', '5']);
  });

  it('moves with the arrow keys (aria-activedescendant), Enter takes the highlighted place and searches there', async () => {
    const fetchMock = setup();
    renderApp('/');
    fireEvent.change(box(), { target: { value: 'Hauptstr' } });
    await screen.findAllByRole('option');

    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    const active = document.getElementById(box().getAttribute('aria-activedescendant') ?? '');
    expect(active?.textContent).toBe('Hauptstraße, 69117 Heidelberg');
    expect(active?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box(), { key: 'ArrowUp' });
    fireEvent.keyDown(box(), { key: 'ArrowUp' });
    expect(document.getElementById(box().getAttribute('aria-activedescendant') ?? '')?.textContent).toBe('Hauptstraße, 99084 Erfurt');
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'ArrowDown' });

    fireEvent.keyDown(box(), { key: 'Enter' });
    expect((box() as HTMLInputElement).value).toBe('Hauptstraße, 69117 Heidelberg');
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(box().getAttribute('aria-expanded')).toBe('false');
    // The picked point itself: the map centres on it, the list searches around it, no second lookup.
    expect(await screen.findByText('Zentrum 49.4109, 8.7036')).toBeTruthy();
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([input]) => {
          const url = new URL(String(input), 'http://localhost');
          return url.pathname === '/api/events' && url.searchParams.get('lat') === '49.4109' && url.searchParams.get('lng') === '8.7036';
        }),
      ).toBe(true),
    );
    // (The text typed may have been searched on its own after 800 ms; the picked name never is.)
    expect(geocodeCalls(fetchMock).some((p) => p.get('q') === 'Hauptstraße, 69117 Heidelberg')).toBe(false);
  });

  it('closes on Escape and keeps the text; Enter without a highlighted suggestion searches the text', async () => {
    const fetchMock = setup();
    renderApp('/');
    fireEvent.change(box(), { target: { value: 'Hauptstr' } });
    await screen.findAllByRole('option');
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect((box() as HTMLInputElement).value).toBe('Hauptstr');

    // ArrowDown opens it again.
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    expect((await screen.findAllByRole('option')).length).toBe(3);

    fireEvent.submit(box().closest('form') as HTMLFormElement);
    await waitFor(() => expect(geocodeCalls(fetchMock).some((p) => p.get('q') === 'Hauptstr' && p.get('limit') === '1')).toBe(true));
    expect(await screen.findByText('Zentrum 52.4871, 13.3547')).toBeTruthy();
  });

  it('takes a suggestion with the mouse', async () => {
    setup();
    renderApp('/');
    fireEvent.change(box(), { target: { value: 'Hauptstr' } });
    const [, , erfurt] = await screen.findAllByRole('option');
    fireEvent.mouseDown(erfurt as HTMLElement);
    expect((box() as HTMLInputElement).value).toBe('Hauptstraße, 99084 Erfurt');
    expect(await screen.findByText('Zentrum 50.9777, 11.0293')).toBeTruthy();
  });
});
