import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeEvent } from '@/testing/fixtures';
import { mockAuthUser, renderApp } from '@/testing/render-app';
import type * as LazyMaps from '@/components/maps/lazy-maps';

// The map is its own lazily loaded chunk (its viewport calls: LandingResults.spec); here it only says where it is centred.
vi.mock('@/components/maps/lazy-maps', async (importOriginal) => ({
  ...(await importOriginal<typeof LazyMaps>()),
  LandingMap: ({ found }: { found: { lat: number } | null }) => <p data-testid="map">{found ? `Zentrum ${found.lat}` : 'Deutschland'}</p>,
}));

const berlinEvent = makeEvent({ name: 'Hofflohmarkt Kreuzberg' });
const munichEvent = makeEvent({ name: 'Nachtflohmarkt Schwabing', location: 'München' });

function eventCalls(fetchMock: ReturnType<typeof mockAuthUser>): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/events')
    .map((url) => url.searchParams);
}

function setup(geocode: Record<string, unknown[]> = {}) {
  return mockAuthUser(null, {
    '/api/geocode': (url: URL) => geocode[url.searchParams.get('q') ?? ''] ?? [],
    '/api/events': (url: URL) => (url.searchParams.get('lat') ? [] : [berlinEvent, munichEvent]),
  });
}

describe('landing page search', () => {
  it('lists the upcoming events, filtered by the server, at most 5', async () => {
    const fetchMock = setup();
    renderApp('/');
    expect(await screen.findByRole('link', { name: /Hofflohmarkt Kreuzberg/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Alle kommenden Flohmärkte' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Hofflohmarkt Kreuzberg/ }).getAttribute('href')).toBe(`/events/${berlinEvent.id}`);
    const calls = eventCalls(fetchMock);
    expect(calls.some((p) => p.get('upcoming') === 'true' && p.get('limit') === '5' && p.get('offset') === '0')).toBe(true);
    // Never the old 'ask for 500 and drop the rest': the map asks for its view on its own call.
    expect(calls.every((p) => p.get('limit') === '5')).toBe(true);
  });

  it('searches 800 ms after typing stops: 50 km around the place found, then the empty state', async () => {
    const fetchMock = setup({ Hamburg: [{ displayName: 'Hamburg', lat: 53.55, lng: 9.99, placeId: '1' }] });
    renderApp('/');
    await screen.findByRole('link', { name: /Hofflohmarkt Kreuzberg/ });
    fireEvent.change(screen.getByPlaceholderText('Ort, Postleitzahl oder Adresse'), { target: { value: 'Hamburg' } });

    // Suggestions (limit 5) may come after 300 ms; the search itself (limit 1) waits 800 ms.
    await new Promise((r) => setTimeout(r, 500));
    expect(fetchMock.mock.calls.some(([i]) => String(i).startsWith('/api/geocode') && String(i).includes('limit=1'))).toBe(false);

    expect(await screen.findByText('Keine Flohmärkte gefunden.', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText('Suche im Umkreis von 50km um Hamburg')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Gefilterte Flohmärkte' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ersten Flohmarkt erstellen' }).getAttribute('href')).toBe('/api/login');
    expect(screen.getByTestId('map').textContent).toContain('Zentrum 53.55');
    const filtered = eventCalls(fetchMock).find((p) => p.get('lat') === '53.55');
    expect(filtered?.get('lng')).toBe('9.99');
    expect(filtered?.get('radiusKm')).toBe('50');
    // With a place, the list is nearest first.
    expect(filtered?.get('sort')).toBe('distance');
    expect(filtered?.get('upcoming')).toBe('true');
  });

  it('searches at once on the button, and blank text clears the location filter', async () => {
    setup({ Hamburg: [{ displayName: 'Hamburg', lat: 53.55, lng: 9.99, placeId: '1' }] });
    renderApp('/');
    const input = await screen.findByPlaceholderText('Ort, Postleitzahl oder Adresse');
    fireEvent.change(input, { target: { value: 'Hamburg' } });
    fireEvent.click(screen.getByRole('button', { name: 'Flohmärkte finden' }));
    expect(await screen.findByText('Keine Flohmärkte gefunden.')).toBeTruthy();

    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Flohmärkte finden' }));
    expect(await screen.findByRole('heading', { name: 'Alle kommenden Flohmärkte' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: /Nachtflohmarkt Schwabing/ })).toBeTruthy();
  });

  it('filters by date and shows it in the summary; Filter aufheben clears everything', async () => {
    const fetchMock = mockAuthUser(null, {
      '/api/events': (url: URL) => (url.searchParams.get('date') ? [] : [berlinEvent]),
    });
    renderApp('/');
    await screen.findByRole('link', { name: /Hofflohmarkt Kreuzberg/ });
    fireEvent.change(screen.getByLabelText('Wann?'), { target: { value: '2030-06-02' } });
    expect(await screen.findByText('Datum: 02.06.2030')).toBeTruthy();
    expect(eventCalls(fetchMock).some((p) => p.get('date') === '2030-06-02')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Filter aufheben' }));
    const list = await screen.findByRole('heading', { name: 'Alle kommenden Flohmärkte' });
    expect(within(list.parentElement as HTMLElement).getByRole('link', { name: /Hofflohmarkt Kreuzberg/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Filter aufheben' })).toBeNull();
    await waitFor(() => expect((screen.getByLabelText('Wann?') as HTMLInputElement).value).toBe(''));
  });

  it('says so when the place is unknown and does not filter by it', async () => {
    setup();
    renderApp('/?ort=Atlantis');
    expect(await screen.findByText(/Zu „Atlantis“ haben wir keinen Ort gefunden/)).toBeTruthy();
    expect(await screen.findByRole('link', { name: /Hofflohmarkt Kreuzberg/ })).toBeTruthy();
  });
});
