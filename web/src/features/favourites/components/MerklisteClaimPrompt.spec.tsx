import type { TAuthUser } from '@flohmarkt/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockAuthUser, participant } from '@/testing/render-app';
import { renderWithProviders } from '@/testing/render-with-providers';
import { FAVOURITES_STORAGE_KEY } from '../lib/favourite-store';
import { FavouriteButton } from './FavouriteButton';
import { MerklisteClaimPrompt } from './MerklisteClaimPrompt';

const kept = () => localStorage.getItem(FAVOURITES_STORAGE_KEY) ?? '';
const calls = (fetchMock: ReturnType<typeof mockAuthUser>, method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([url]) => String(url))
    .sort();
const pressed = (label: string) => screen.getByRole('button', { name: `${label} merken` }).getAttribute('aria-pressed');
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

// The hand-over happens once per user and page load, so each case signs in a user of its own.
let userCount = 0;
const nextUser = (): TAuthUser => ({ ...participant, id: `00000000-0000-4000-8000-${String(++userCount).padStart(12, '0')}` });

/** A browser where a visitor marked stands a and b and an event without an account; the account has b already. */
function visitorsListAndAccount(user: TAuthUser) {
  localStorage.setItem(FAVOURITES_STORAGE_KEY, JSON.stringify({ stands: ['stand-a', 'stand-b'], events: ['event-e'] }));
  return mockAuthUser(user, {
    '/api/me/favourites': { stands: ['stand-b'], events: [] },
    '/api/me/favourites/stands/stand-a': () => new Response(null, { status: 204 }),
    '/api/me/favourites/events/event-e': () => new Response(null, { status: 204 }),
  });
}

function renderPage() {
  return renderWithProviders(
    <>
      <FavouriteButton kind="stands" id="stand-a" label="Stand A" />
      <FavouriteButton kind="stands" id="stand-b" label="Stand B" />
      <MerklisteClaimPrompt />
    </>,
  );
}

describe('MerklisteClaimPrompt: a Merkliste made without an account joins one only when the user says so', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it("asks after sign-in, shows and sends nothing of the visitor's list until then; 'Hinzufügen' sends what the account lacks", async () => {
    const fetchMock = visitorsListAndAccount(nextUser());
    renderPage();

    await screen.findByText('Deine Merkliste auf diesem Gerät (2 Einträge) zu deinem Konto hinzufügen?');
    expect(pressed('Stand B')).toBe('true');
    expect(pressed('Stand A')).toBe('false');
    expect(calls(fetchMock, 'PUT')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    await waitFor(() => expect(calls(fetchMock, 'PUT')).toEqual(['/api/me/favourites/events/event-e', '/api/me/favourites/stands/stand-a']));
    expect(pressed('Stand A')).toBe('true');
    expect(screen.queryByText(/zu deinem Konto hinzufügen\?/)).toBeNull();
  });

  it("'Verwerfen' drops the visitor's list from this browser and sends nothing", async () => {
    const fetchMock = visitorsListAndAccount(nextUser());
    renderPage();

    fireEvent.click(await screen.findByRole('button', { name: 'Verwerfen' }));
    expect(screen.queryByText(/zu deinem Konto hinzufügen\?/)).toBeNull();
    expect(pressed('Stand A')).toBe('false');
    expect(pressed('Stand B')).toBe('true');
    expect(kept()).not.toContain('stand-a');
    expect(kept()).not.toContain('event-e');
    await settle();
    expect(calls(fetchMock, 'PUT')).toEqual([]);
  });

  it('says "1 Eintrag" for one, and does not ask when the account already has everything', async () => {
    localStorage.setItem(FAVOURITES_STORAGE_KEY, JSON.stringify({ stands: ['stand-a'], events: [] }));
    mockAuthUser(nextUser(), { '/api/me/favourites': { stands: [], events: [] } });
    const first = renderPage();
    await screen.findByText('Deine Merkliste auf diesem Gerät (1 Eintrag) zu deinem Konto hinzufügen?');
    first.unmount();

    localStorage.setItem(FAVOURITES_STORAGE_KEY, JSON.stringify({ stands: ['stand-b'], events: [] }));
    mockAuthUser(nextUser(), { '/api/me/favourites': { stands: ['stand-b'], events: [] } });
    renderPage();
    await waitFor(() => expect(pressed('Stand B')).toBe('true'));
    await settle();
    expect(screen.queryByText(/zu deinem Konto hinzufügen\?/)).toBeNull();
  });

  it("another user signing in gets neither the previous user's list nor a question about it", async () => {
    localStorage.setItem(FAVOURITES_STORAGE_KEY, JSON.stringify({ stands: ['stand-a'], events: ['event-e'], owner: 'previous-user' }));
    const fetchMock = mockAuthUser(nextUser(), { '/api/me/favourites': { stands: ['stand-b'], events: [] } });
    renderPage();

    // Not even for a moment while the account's list loads.
    expect(pressed('Stand A')).toBe('false');
    await waitFor(() => expect(pressed('Stand B')).toBe('true'));
    expect(pressed('Stand A')).toBe('false');
    expect(kept()).not.toContain('stand-a');
    await settle();
    expect(screen.queryByText(/zu deinem Konto hinzufügen\?/)).toBeNull();
    expect(calls(fetchMock, 'PUT')).toEqual([]);
  });

  it('a visitor who never signed in keeps their list, and nothing is asked of the server', async () => {
    localStorage.setItem(FAVOURITES_STORAGE_KEY, JSON.stringify({ stands: ['stand-a'], events: [] }));
    const fetchMock = mockAuthUser(null);
    renderPage();
    expect(pressed('Stand A')).toBe('true');
    await settle();
    expect(screen.queryByText(/zu deinem Konto hinzufügen\?/)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(kept()).toContain('stand-a');
  });
});
