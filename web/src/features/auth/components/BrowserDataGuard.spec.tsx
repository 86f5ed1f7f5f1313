import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FAVOURITES_STORAGE_KEY, useFavouriteIds } from '@/features/favourites/api/favourites';
import { KEPT_ANSWER_CACHES } from '@/features/offline/api/kept-answers';
import { mockAuthUser, participant, setSessionHint } from '@/testing/render-app';
import { renderWithProviders } from '@/testing/render-with-providers';
import { SIGNED_IN_USER_KEY } from '../api/browser-data';
import { BrowserDataGuard } from './BrowserDataGuard';

/** The stands the Merkliste shows right now, as the app's pages read them. */
function ShownMerkliste() {
  return <p data-testid="merkliste">{useFavouriteIds('stands').join(',')}</p>;
}
const shown = () => screen.getByTestId('merkliste').textContent;

const cacheDelete = vi.fn(async (name: string) => name !== '');
const deletedCaches = () => cacheDelete.mock.calls.map(([name]) => name).sort();
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

/** What a signed-in user leaves in a browser: their Merkliste, the marker, another key, a tab's session data. */
function tracesOf(userId: string) {
  localStorage.setItem(FAVOURITES_STORAGE_KEY, JSON.stringify({ stands: ['stand-a'], events: [], owner: userId }));
  localStorage.setItem(SIGNED_IN_USER_KEY, userId);
  localStorage.setItem('flohmarkt.some-later-key', 'x');
  sessionStorage.setItem('flohmarkt.draft', 'y');
}

function renderGuardWithHeart() {
  return renderWithProviders(
    <>
      <BrowserDataGuard />
      <ShownMerkliste />
    </>,
  );
}

describe('BrowserDataGuard: what the browser keeps matches who is signed in', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    cacheDelete.mockClear();
    vi.stubGlobal('caches', { delete: cacheDelete });
  });
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    vi.unstubAllGlobals();
  });

  it("opened signed out (the session ended, the sign-in hint is gone), a user's Merkliste, storage and kept answers are forgotten", async () => {
    tracesOf(participant.id);
    mockAuthUser(null);
    renderGuardWithHeart();
    // Never shown to the next person, not even before the guard has run.
    expect(shown()).toBe('');
    await waitFor(() => expect(localStorage.length).toBe(0));
    expect(sessionStorage.length).toBe(0);
    expect(deletedCaches()).toEqual([...KEPT_ANSWER_CACHES].sort());
  });

  it('offline with the session still there, the signed-in user keeps the Merkliste for the offline event page', async () => {
    tracesOf(participant.id);
    setSessionHint(true);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderGuardWithHeart();
    await waitFor(() => expect(shown()).toBe('stand-a'));
    await settle();
    expect(localStorage.getItem(FAVOURITES_STORAGE_KEY)).toContain('stand-a');
    expect(sessionStorage.getItem('flohmarkt.draft')).toBe('y');
    expect(cacheDelete).not.toHaveBeenCalled();
  });

  it("another user signing in: the previous user's storage and kept answers go, and the browser now belongs to the new one", async () => {
    tracesOf('previous-user');
    mockAuthUser(participant, { '/api/me/favourites': { stands: [], events: [] } });
    renderGuardWithHeart();
    await waitFor(() => expect(localStorage.getItem(SIGNED_IN_USER_KEY)).toBe(participant.id));
    await waitFor(() => expect(deletedCaches()).toEqual([...KEPT_ANSWER_CACHES].sort()));
    expect(localStorage.getItem('flohmarkt.some-later-key')).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(shown()).toBe('');
  });

  it('a visitor who never signed in keeps everything', async () => {
    localStorage.setItem(FAVOURITES_STORAGE_KEY, JSON.stringify({ stands: ['stand-a'], events: [] }));
    sessionStorage.setItem('flohmarkt.draft', 'y');
    mockAuthUser(null);
    renderGuardWithHeart();
    await settle();
    expect(shown()).toBe('stand-a');
    expect(localStorage.getItem(FAVOURITES_STORAGE_KEY)).toContain('stand-a');
    expect(sessionStorage.getItem('flohmarkt.draft')).toBe('y');
    expect(cacheDelete).not.toHaveBeenCalled();
  });
});
