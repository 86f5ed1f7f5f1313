import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEvent, makeStand } from '@/testing/fixtures';
import { mockAuthUser, renderApp } from '@/testing/render-app';

const event = makeEvent();
const stand = makeStand({ eventId: event.id });
const path = `/api/media/stands/${stand.id}/00000000-0000-4000-8000-0000000000f1.jpg`;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('StandPage photos', () => {
  it('shows a placeholder while the photo is processed, reads the stand again until it is ready, then stops', async () => {
    let reads = 0;
    const fetchMock = mockAuthUser(null, {
      [`/api/events/${event.id}`]: event,
      [`/api/stands/${stand.id}/reviews`]: [],
      [`/api/stands/${stand.id}`]: () => {
        reads += 1;
        return makeStand({ ...stand, photos: [path], photoStates: [{ path, state: reads < 2 ? 'processing' : 'ready' }] });
      },
    });
    renderApp(`/stands/${stand.id}`);

    expect(await screen.findByText('Foto wird verarbeitet …', {}, { timeout: 3000 })).toBeTruthy();
    const image = await screen.findByAltText(/Foto 1$/, {}, { timeout: 5000 });
    expect(image.getAttribute('src')).toBe(path);
    // Nothing asked the photo's URL: the stand read said when it was ready.
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/api/media/'))).toEqual([]);

    const readsWhenReady = reads;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(reads).toBe(readsWhenReady);
  }, 15_000);

  it('shows why a failed photo cannot be shown', async () => {
    mockAuthUser(null, {
      [`/api/events/${event.id}`]: event,
      [`/api/stands/${stand.id}/reviews`]: [],
      [`/api/stands/${stand.id}`]: makeStand({ ...stand, photos: [path], photoStates: [{ path, state: 'failed', reason: 'Das Bild ist beschädigt und konnte nicht gelesen werden.' }] }),
    });
    renderApp(`/stands/${stand.id}`);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Das Bild ist beschädigt und konnte nicht gelesen werden.'), { timeout: 3000 });
  });
});
