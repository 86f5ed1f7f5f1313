import type { TAuthUser, TEvent } from '@flohmarkt/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/toast/toast-store';
import { makeEvent, makeExhibitor } from '@/testing/fixtures';
import { json, mockAuthUser, participant, renderApp, type ApiAnswers } from '@/testing/render-app';
import { describedText } from '@/testing/render-with-providers';

vi.mock('@/components/maps/lazy-maps', () => ({ EventMap: () => <p>Karte</p>, StandMap: () => <p>Karte</p>, LandingMap: () => <p>Karte</p> }));

const ORGANIZER = '00000009-0000-4000-8000-000000000001';
const organizer: TAuthUser = { ...participant, id: ORGANIZER, email: 'verein@example.de', firstName: 'Kiezverein', lastName: 'Moabit', role: 'organizer' };
const HINT = 'Höchstens eine E-Mail am Tag mit neuen Flohmärkten dieses Veranstalters.';
const FOLLOW = { name: 'Veranstalter folgen' };
const FOLLOWING = { name: 'Du folgst diesem Veranstalter' };
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
const writes = (fetchMock: ReturnType<typeof mockAuthUser>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT' || init?.method === 'DELETE').map(([url, init]) => `${init?.method} ${String(url)}`);

/** The event page of a market of ORGANIZER, seen by `viewer`, whose account follows `follows`. */
function openEvent(viewer: TAuthUser | null, follows: string[], more: ApiAnswers = {}) {
  const event: TEvent = makeEvent({ organizerId: ORGANIZER });
  const fetchMock = mockAuthUser(viewer, {
    [`/api/events/${event.id}`]: event,
    [`/api/events/${event.id}/stands`]: [],
    [`/api/stands/user/${viewer?.id ?? ''}`]: [],
    '/api/me/follows': { organizers: follows },
    [`/api/me/follows/organizers/${ORGANIZER}`]: () => new Response(null, { status: 204 }),
    ...more,
  });
  renderApp(`/events/${event.id}`);
  return fetchMock;
}

describe('"Veranstalter folgen" (issue 34)', () => {
  afterEach(() => resetToasts());

  it('is a sign-in link that comes back to the market signed out, and the follows are not asked for', async () => {
    const fetchMock = openEvent(null, []);
    const link = await screen.findByRole('link', FOLLOW, { timeout: 10_000 });
    const back = new URL(link.getAttribute('href')!, 'http://localhost').searchParams.get('returnTo');
    expect(back).toMatch(/^\/events\/[\w-]+$/);
    expect(describedText(link)).toBe('Dafür meldest du dich an. Dann kommt höchstens eine E-Mail am Tag mit neuen Flohmärkten dieses Veranstalters.');
    await settle();
    expect(screen.queryByRole('button', FOLLOW)).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/me/follows'))).toBe(false);
    expect(writes(fetchMock)).toEqual([]);
  });

  it('is not there for the organiser on their own market', async () => {
    const fetchMock = openEvent(organizer, []);
    await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
    await waitFor(() => expect(screen.getByRole('link', { name: 'Event bearbeiten' })).toBeTruthy());
    await settle();
    expect(screen.queryByRole('button', FOLLOW)).toBeNull();
    expect(screen.queryByRole('link', FOLLOW)).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/me/follows'))).toBe(false);
  });

  it('shows a signed-in visitor the state from their follows and follows with PUT, unfollows with DELETE', async () => {
    const fetchMock = openEvent(participant, []);
    const button = await screen.findByRole('button', FOLLOW, { timeout: 10_000 });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByText(HINT).id).toBe(button.getAttribute('aria-describedby'));

    fireEvent.click(button);
    expect((await screen.findByRole('button', FOLLOWING)).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(writes(fetchMock)).toEqual([`PUT /api/me/follows/organizers/${ORGANIZER}`]));

    fireEvent.click(screen.getByRole('button', FOLLOWING));
    expect((await screen.findByRole('button', FOLLOW)).getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(writes(fetchMock)[1]).toBe(`DELETE /api/me/follows/organizers/${ORGANIZER}`));
    await settle();
    expect(screen.getByRole('button', FOLLOW).getAttribute('aria-pressed')).toBe('false');
  });

  it('shows an organiser already followed as followed', async () => {
    openEvent(participant, ['00000009-0000-4000-8000-00000000000f', ORGANIZER]);
    expect((await screen.findByRole('button', FOLLOWING, { timeout: 10_000 })).getAttribute('aria-pressed')).toBe('true');
  });

  it("takes the follow back and shows the server's German message when it refuses", async () => {
    openEvent(participant, [], {
      [`/api/me/follows/organizers/${ORGANIZER}`]: () => json({ message: 'Du folgst schon 200 Veranstaltern. Entfolge zuerst einem.' }, 400),
    });
    fireEvent.click(await screen.findByRole('button', FOLLOW, { timeout: 10_000 }));
    expect(await screen.findByText('Du folgst schon 200 Veranstaltern. Entfolge zuerst einem.')).toBeTruthy();
    expect(screen.getByRole('button', FOLLOW).getAttribute('aria-pressed')).toBe('false');
  });

  it("is on the organiser's user page too, but not on one's own", async () => {
    const page: ApiAnswers = {
      [`/api/users/${ORGANIZER}`]: { ...organizer, createdAt: '2024-03-15T10:00:00.000Z', updatedAt: '2024-03-15T10:00:00.000Z' },
      [`/api/exhibitors/${ORGANIZER}`]: makeExhibitor({ id: ORGANIZER, firstName: 'Kiezverein', lastName: 'Moabit' }),
      [`/api/stands/user/${ORGANIZER}`]: [],
      '/api/me/follows': { organizers: [] },
      [`/api/me/follows/organizers/${ORGANIZER}`]: () => new Response(null, { status: 204 }),
    };
    const fetchMock = mockAuthUser(participant, page);
    const { unmount } = renderApp(`/users/${ORGANIZER}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Kiezverein M.' }, { timeout: 10_000 })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', FOLLOW));
    await waitFor(() => expect(writes(fetchMock)).toEqual([`PUT /api/me/follows/organizers/${ORGANIZER}`]));
    unmount();

    mockAuthUser(organizer, page);
    renderApp(`/users/${ORGANIZER}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Kiezverein M.' }, { timeout: 10_000 })).toBeTruthy();
    await settle();
    expect(screen.queryByRole('button', FOLLOW)).toBeNull();
  });
});
