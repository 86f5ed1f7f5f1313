import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountLinks } from '@/components/layout/AccountLinks';
import { FAVOURITES_STORAGE_KEY, useFavouriteIds } from '@/features/favourites/api/favourites';
import { KEPT_ANSWER_CACHES } from '@/features/offline/api/kept-answers';
import { mockAuthUser, participant } from '@/testing/render-app';
import { renderWithProviders } from '@/testing/render-with-providers';
import { SIGNED_IN_USER_KEY } from './browser-data';
import { resetToasts } from '@/components/ui/toast/toast-store';
import { SignedOutNotice } from '../components/SignedOutNotice';
import { signOut } from './sign-out';

/** The stands the Merkliste shows right now, as the app's pages read them. */
function ShownMerkliste() {
  return <p data-testid="merkliste">{useFavouriteIds('stands').join(',')}</p>;
}
const shown = () => screen.getByTestId('merkliste').textContent;

const cacheDelete = vi.fn(async () => true);

function signedInWithTraces() {
  localStorage.setItem(FAVOURITES_STORAGE_KEY, JSON.stringify({ stands: ['stand-a'], events: ['event-e'], owner: participant.id }));
  localStorage.setItem(SIGNED_IN_USER_KEY, participant.id);
  sessionStorage.setItem('flohmarkt.draft', 'y');
  return mockAuthUser(participant, { '/api/me/favourites': { stands: ['stand-a'], events: ['event-e'] } });
}

describe('signing out', () => {
  beforeEach(() => {
    cacheDelete.mockClear();
    vi.stubGlobal('caches', { delete: cacheDelete });
  });
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    vi.unstubAllGlobals();
  });

  it('forgets the Merkliste, the storage keys and the kept answers, and only then goes to /api/logout', async () => {
    signedInWithTraces();
    renderWithProviders(<ShownMerkliste />);
    await waitFor(() => expect(shown()).toBe('stand-a'));

    const seenWhenLeaving: Array<{ path: string; keys: number; session: number; caches: number }> = [];
    await act(() =>
      signOut({
        go: (path) => seenWhenLeaving.push({ path, keys: localStorage.length, session: sessionStorage.length, caches: cacheDelete.mock.calls.length }),
      }),
    );
    expect(seenWhenLeaving).toEqual([{ path: '/api/logout', keys: 0, session: 0, caches: KEPT_ANSWER_CACHES.length }]);
    // The store in memory is empty too: nothing shows while the browser leaves.
    expect(shown()).toBe('');
  });

  it('leaves a notice for the page it lands on, said there once', async () => {
    signedInWithTraces();
    const went: string[] = [];
    await act(() => signOut({ go: (path) => went.push(path), notice: 'Dein Konto wurde gelöscht.' }));
    expect(went).toEqual(['/api/logout']);
    const first = renderWithProviders(<SignedOutNotice />);
    expect(await screen.findByText('Dein Konto wurde gelöscht.')).toBeTruthy();
    first.unmount();
    act(() => resetToasts());
    renderWithProviders(<SignedOutNotice />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText('Dein Konto wurde gelöscht.')).toBeNull();
  });

  it("the menu's 'Abmelden' link does it before the browser follows it", async () => {
    signedInWithTraces();
    // jsdom cannot navigate; it reports that as a console error.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(<AccountLinks onNavigate={() => undefined} />);
    const link = screen.getByRole('link', { name: 'Abmelden' });
    expect(link.getAttribute('href')).toBe('/api/logout');
    fireEvent.click(link);
    await waitFor(() => expect(localStorage.length).toBe(0));
    expect(sessionStorage.length).toBe(0);
    await waitFor(() => expect(cacheDelete).toHaveBeenCalledTimes(KEPT_ANSWER_CACHES.length));
  });
});
