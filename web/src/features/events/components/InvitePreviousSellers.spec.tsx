import { SERIES_MESSAGES, type TEvent } from '@flohmarkt/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeEvent } from '@/testing/fixtures';
import { json, mockAuthUser, participant, renderApp } from '@/testing/render-app';

vi.mock('@/components/maps/lazy-maps', () => ({ EventMap: () => <p>Karte</p>, StandMap: () => <p>Karte</p>, LandingMap: () => <p>Karte</p> }));

const organiser = { ...participant, id: '00000009-0000-4000-8000-000000000001', role: 'organizer' as const };
const seriesId = '00000007-0000-4000-8000-000000000001';
const original = '00000001-0000-4000-8000-000000000900';
const week = 7 * 86_400_000;

function dated(index: number, overrides: Partial<TEvent> = {}): TEvent {
  const start = Date.now() + (index + 1) * week;
  return makeEvent({
    id: `00000001-0000-4000-8000-0000000002${String(index).padStart(2, '0')}`,
    organizerId: organiser.id,
    seriesId,
    copiedFromId: null,
    startDateTime: new Date(start).toISOString(),
    endDateTime: new Date(start + 6 * 3_600_000).toISOString(),
    ...overrides,
  });
}

/** The event page of `event` for `user`; `invite` answers the POST. Gives the posts seen, and unmount. */
function open(event: TEvent, options: { user?: typeof organiser | null; dates?: TEvent[]; invite?: () => Response } = {}) {
  const posts: string[] = [];
  mockAuthUser(options.user === undefined ? organiser : options.user, {
    [`/api/events/${event.id}`]: event,
    [`/api/events/${event.id}/stands`]: [],
    [`/api/events/${event.id}/draft-stands`]: [],
    [`/api/series/${seriesId}`]: { id: seriesId, events: options.dates ?? [event] },
    [`/api/events/${event.id}/invite-previous`]: (url: URL, init?: RequestInit) => {
      posts.push(`${init?.method} ${url.pathname}`);
      return options.invite ? options.invite() : json({ invited: 3 });
    },
  });
  const { unmount } = renderApp(`/events/${event.id}`);
  return { posts, unmount };
}

const inviteButton = () => screen.findByRole('button', { name: 'Frühere Aussteller einladen' }, { timeout: 10_000 });

async function inviteAndConfirm() {
  fireEvent.click(await inviteButton());
  expect(screen.getByText(/Alle Aussteller mit bestätigtem Stand beim letzten Termin bekommen eine Einladung .* Jeder nur einmal\./)).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Einladen' }));
}

describe("the organiser's „Kopieren“ and „Frühere Aussteller einladen“ (issue 34)", () => {
  it('a later date of a series: asks first, posts once and says how many were invited', async () => {
    const dates = [dated(0), dated(1)];
    const { posts } = open(dates[1]!, { dates });
    expect(posts).toEqual([]);
    await inviteAndConfirm();
    const said = await screen.findByText('3 frühere Aussteller eingeladen.', {}, { timeout: 10_000 });
    expect(said.getAttribute('role')).toBe('status');
    expect(posts).toEqual([`POST /api/events/${dates[1]!.id}/invite-previous`]);
  });

  it('a copy: the button without a series, and the answer when everyone is invited already', async () => {
    const copy = dated(0, { seriesId: null, copiedFromId: original });
    open(copy, { invite: () => json({ invited: 0 }) });
    await inviteAndConfirm();
    expect(await screen.findByText('Alle früheren Aussteller sind schon eingeladen oder schon angemeldet.', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it("shows the server's German refusal", async () => {
    const copy = dated(0, { seriesId: null, copiedFromId: original });
    open(copy, { invite: () => json({ message: SERIES_MESSAGES.invitationsClosed }, 400) });
    await inviteAndConfirm();
    expect(await screen.findByText(SERIES_MESSAGES.invitationsClosed, {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('the first date of a series, a market on its own and a cancelled copy offer no invitation, but „Kopieren“', async () => {
    const dates = [dated(0), dated(1)];
    const { unmount } = open(dates[0]!, { dates });
    await screen.findByRole('region', { name: 'Termine dieser Reihe' }, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: 'Frühere Aussteller einladen' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Kopieren' }).getAttribute('href')).toBe(`/events/${dates[0]!.id}/copy`);
    unmount();

    for (const event of [dated(0, { seriesId: null }), dated(0, { seriesId: null, copiedFromId: original, status: 'cancelled', phase: 'cancelled' })]) {
      const page = open(event);
      expect(await screen.findByRole('link', { name: 'Kopieren' }, { timeout: 10_000 })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Frühere Aussteller einladen' })).toBeNull();
      page.unmount();
    }
  });

  it('a visitor gets neither', async () => {
    const dates = [dated(0), dated(1)];
    open(dates[1]!, { dates, user: null });
    await screen.findByRole('region', { name: 'Termine dieser Reihe' }, { timeout: 10_000 });
    expect(screen.queryByRole('link', { name: 'Kopieren' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Frühere Aussteller einladen' })).toBeNull();
  });
});
