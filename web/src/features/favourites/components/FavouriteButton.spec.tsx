import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockAuthUser, participant } from '@/testing/render-app';
import { renderWithProviders } from '@/testing/render-with-providers';
import { FAVOURITES_STORAGE_KEY } from '../lib/favourite-store';
import { FavouriteButton } from './FavouriteButton';

const kept = () => JSON.parse(localStorage.getItem(FAVOURITES_STORAGE_KEY) ?? '{}') as { stands?: string[]; events?: string[] };
const calls = (fetchMock: ReturnType<typeof mockAuthUser>, method: string) =>
  fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method).map(([url]) => String(url));

describe('FavouriteButton', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it('keeps a stand in the browser without an account and says so', async () => {
    const fetchMock = mockAuthUser(null);
    renderWithProviders(<FavouriteButton kind="stands" id="stand-a" label="Stand #12" />);
    const heart = screen.getByRole('button', { name: 'Stand #12 merken' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    expect(heart.textContent).toBe('Merken');

    fireEvent.click(heart);
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    expect(heart.textContent).toBe('Gemerkt');
    expect(kept().stands).toEqual(['stand-a']);

    fireEvent.click(heart);
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    expect(kept().stands).toEqual([]);
    // A browser that never signed in (no sign-in hint cookie) asks the server nothing, not even who is signed in.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("after sign-in merges the user's own list kept in this browser with the account (union) and stores each change on the server", async () => {
    // A heart set offline in an earlier session of this user: kept with the user as owner, not yet on the server.
    localStorage.setItem(FAVOURITES_STORAGE_KEY, JSON.stringify({ stands: ['local-only'], events: ['event-1'], owner: participant.id }));
    const fetchMock = mockAuthUser(participant, {
      '/api/me/favourites': { stands: ['server-only'], events: ['event-1'] },
      '/api/me/favourites/stands/local-only': () => new Response(null, { status: 204 }),
      '/api/me/favourites/stands/server-only': () => new Response(null, { status: 204 }),
    });
    renderWithProviders(<FavouriteButton kind="stands" id="server-only" label="Stand #7" />);

    const heart = screen.getByRole('button', { name: 'Stand #7 merken' });
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'));
    expect(kept().stands?.sort()).toEqual(['local-only', 'server-only']);
    expect(kept().events).toEqual(['event-1']);
    await waitFor(() => expect(calls(fetchMock, 'PUT')).toEqual(['/api/me/favourites/stands/local-only']));

    fireEvent.click(heart);
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(calls(fetchMock, 'DELETE')).toEqual(['/api/me/favourites/stands/server-only']));
  });
});
