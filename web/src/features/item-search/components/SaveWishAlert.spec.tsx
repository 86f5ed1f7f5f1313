import { COME_BACK_MESSAGES, type TAlert } from '@flohmarkt/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { loginUrl } from '@/lib/event-links';
import { json, mockAuthUser, participant, renderApp } from '@/testing/render-app';

// The hits and their map are the search page's own tests'; here the search finds nothing.
vi.mock('./LazyItemSearchMap', () => ({ LazyItemSearchMap: () => null }));

const SEARCH_PATH = '/suche?q=Kinderfahrrad&ort=K%C3%B6ln&lat=50.94&lng=6.96&umkreis=10';
const SAVE = { name: 'Als Suchauftrag speichern' };
const SAVED = 'Suchauftrag gespeichert. Wir schreiben dir, sobald passende Angebote eingestellt werden.';
const ALREADY_SAVED = 'Diese Suche ist als Suchauftrag gespeichert.';

const created: TAlert = {
  id: '00000000-0000-4000-8000-00000000a1e7',
  lat: 50.94,
  lng: 6.96,
  radiusKm: 10,
  label: 'Köln',
  categories: [],
  query: 'Kinderfahrrad',
  createdAt: '2026-11-20T10:00:00.000Z',
};

function posts(fetchMock: ReturnType<typeof mockAuthUser>): unknown[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => String(url).startsWith('/api/me/alerts') && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}

/** The search page with `answer` for POST /api/me/alerts and `saved` as the user's alerts (GET). */
function openSearch(user: typeof participant | null, answer: () => Response, saved: TAlert[] = []) {
  const fetchMock = mockAuthUser(user, {
    '/api/items/search': [],
    '/api/me/alerts': (_url: URL, init?: RequestInit) => (init?.method === 'POST' ? answer() : json(saved)),
  });
  renderApp(SEARCH_PATH);
  return fetchMock;
}

describe('„Als Suchauftrag speichern“ on /suche (issue 35)', () => {
  it('saves the search’s words, point, radius and place as a wish alert and says so', async () => {
    const fetchMock = openSearch(participant, () => json(created, 201));
    fireEvent.click(await screen.findByRole('button', SAVE, { timeout: 10_000 }));
    expect(await screen.findByText(SAVED)).toBeTruthy();
    expect(posts(fetchMock)).toEqual([{ lat: 50.94, lng: 6.96, radiusKm: 10, label: 'Köln', query: 'Kinderfahrrad' }]);
    expect(screen.queryByRole('button', SAVE)).toBeNull();
  });

  it('shows the server’s German refusal and keeps the button', async () => {
    openSearch(participant, () => json({ message: COME_BACK_MESSAGES.tooManyAlerts }, 400));
    fireEvent.click(await screen.findByRole('button', SAVE, { timeout: 10_000 }));
    expect((await screen.findByRole('alert')).textContent).toBe(COME_BACK_MESSAGES.tooManyAlerts);
    expect(screen.getByRole('button', SAVE)).toBeTruthy();
    expect(screen.queryByText(SAVED)).toBeNull();
  });

  it('says a search already kept as a wish alert is saved, with a link to the alerts, instead of offering it again', async () => {
    // Saved before (another tab, before a reload), its words in another case and with spaces.
    const fetchMock = openSearch(participant, () => json(created, 201), [{ ...created, query: ' kinderFAHRRAD ' }]);
    expect((await screen.findByText(ALREADY_SAVED, { exact: false }, { timeout: 10_000 })).getAttribute('role')).toBe('status');
    expect(screen.getByRole('link', { name: 'Suchaufträge verwalten' }).getAttribute('href')).toBe('/settings#alerts-title');
    expect(screen.queryByRole('button', SAVE)).toBeNull();
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/items/search'))).toBe(true));
    expect(posts(fetchMock)).toEqual([]);
  });

  it('still offers a search whose saved wish alerts differ in radius, place or words', async () => {
    const others: TAlert[] = [
      { ...created, id: '00000000-0000-4000-8000-00000000a1e8', radiusKm: 25 },
      { ...created, id: '00000000-0000-4000-8000-00000000a1e9', lat: 51.34, lng: 12.37, label: 'Leipzig' },
      { ...created, id: '00000000-0000-4000-8000-00000000a1ea', query: 'Kinderfahrradhelm' },
      { ...created, id: '00000000-0000-4000-8000-00000000a1eb', query: null },
    ];
    openSearch(participant, () => json(created, 201), others);
    fireEvent.click(await screen.findByRole('button', SAVE, { timeout: 10_000 }));
    expect(await screen.findByText(SAVED)).toBeTruthy();
    expect(screen.queryByText(ALREADY_SAVED, { exact: false })).toBeNull();
  });

  it('asks a signed-out visitor to sign in and come back to this search, saving nothing', async () => {
    const fetchMock = openSearch(null, () => json(created, 201));
    const link = await screen.findByRole('link', { name: 'Melde dich an' }, { timeout: 10_000 });
    expect(link.getAttribute('href')).toBe(loginUrl(SEARCH_PATH));
    expect(screen.queryByRole('button', SAVE)).toBeNull();
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/items/search'))).toBe(true));
    expect(posts(fetchMock)).toEqual([]);
  });
});
