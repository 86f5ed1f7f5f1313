import type { TAuthUser, TEvent } from '@flohmarkt/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/toast/toast-store';
import { makeEvent } from '@/testing/fixtures';
import { json, mockAuthUser, participant, renderApp } from '@/testing/render-app';
import { renderWithProviders } from '@/testing/render-with-providers';
import { FAVOURITES_STORAGE_KEY } from '../lib/favourite-store';
import { EventReminderSwitch } from './EventReminderSwitch';
import { FavouriteButton } from './FavouriteButton';

vi.mock('@/components/maps/lazy-maps', () => ({ EventMap: () => <p>Karte</p>, StandMap: () => <p>Karte</p>, LandingMap: () => <p>Karte</p> }));

const SWITCH = { name: /^Am Vorabend erinnern/ };
const hour = 3_600_000;
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
const writes = (fetchMock: ReturnType<typeof mockAuthUser>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT' || init?.method === 'DELETE').map(([url, init]) => `${init?.method} ${String(url)}`);

// The hand-over of the account's list happens once per user and page load, so each case signs in a user of its own.
let userCount = 0;
const nextUser = (): TAuthUser => ({ ...participant, id: `00000000-0000-4000-8000-${String(++userCount).padStart(12, '0')}` });

/** The heart and the switch as the event page shows them. */
function renderBeside(event: TEvent) {
  return renderWithProviders(
    <>
      <FavouriteButton kind="events" id={event.id} label={event.name} />
      <EventReminderSwitch event={event} label={event.name} />
    </>,
  );
}

/** A signed-in user whose account keeps `events`, with the reminder on for `reminders`; every write answers `write`. */
function signedIn(event: TEvent, account: { events: string[]; reminders: string[] }, write: () => Response = () => new Response(null, { status: 204 })) {
  return mockAuthUser(nextUser(), {
    '/api/me/favourites': { stands: [], ...account },
    [`/api/me/favourites/events/${event.id}`]: write,
  });
}

describe('EventReminderSwitch: "Am Vorabend erinnern" beside the heart of a kept event (issue 34)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    localStorage.clear();
    resetToasts();
  });

  it('is not there for a visitor without an account, even with the event kept in the browser', async () => {
    const event = makeEvent();
    localStorage.setItem(FAVOURITES_STORAGE_KEY, JSON.stringify({ stands: [], events: [event.id] }));
    mockAuthUser(null);
    renderBeside(event);
    expect(screen.getByRole('button', { name: `${event.name} merken` }).getAttribute('aria-pressed')).toBe('true');
    await settle();
    expect(screen.queryByRole('switch', SWITCH)).toBeNull();
  });

  it('shows for a signed-in user once the event is kept, off, with the hint when the mail comes', async () => {
    const event = makeEvent();
    const fetchMock = signedIn(event, { events: [], reminders: [] });
    renderBeside(event);
    const heart = screen.getByRole('button', { name: `${event.name} merken` });
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/me/favourites')).toBe(true));
    await settle();
    expect(screen.queryByRole('switch', SWITCH)).toBeNull();

    fireEvent.click(heart);
    const reminder = await screen.findByRole<HTMLInputElement>('switch', SWITCH);
    expect(reminder.checked).toBe(false);
    const hint = document.getElementById(reminder.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('Wir schicken dir am Vorabend um 18 Uhr eine E-Mail.');
  });

  it("shows the account's state and switches it with PUT remind=true and remind=false", async () => {
    const event = makeEvent();
    const fetchMock = signedIn(event, { events: [event.id], reminders: [event.id] });
    renderBeside(event);
    const reminder = await screen.findByRole<HTMLInputElement>('switch', SWITCH);
    expect(reminder.checked).toBe(true);

    fireEvent.click(reminder);
    await waitFor(() => expect(reminder.checked).toBe(false));
    await waitFor(() => expect(writes(fetchMock)).toEqual([`PUT /api/me/favourites/events/${event.id}?remind=false`]));

    fireEvent.click(reminder);
    await waitFor(() => expect(reminder.checked).toBe(true));
    await waitFor(() => expect(writes(fetchMock)).toHaveLength(2));
    expect(writes(fetchMock)[1]).toBe(`PUT /api/me/favourites/events/${event.id}?remind=true`);
    await settle();
    expect(reminder.checked).toBe(true);
  });

  it('takes the switch back and says so when the server refuses', async () => {
    const event = makeEvent();
    const fetchMock = signedIn(event, { events: [event.id], reminders: [] }, () => json({ message: 'Interner Fehler.' }, 500));
    // The refusal waits until the test lets it through, so the switch is seen on before it is taken back.
    let refuse = () => {};
    const refused = new Promise<void>((resolve) => (refuse = resolve));
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'PUT') await refused;
      return answer(input, init);
    });
    renderBeside(event);
    const reminder = await screen.findByRole<HTMLInputElement>('switch', SWITCH);

    fireEvent.click(reminder);
    await waitFor(() => expect(reminder.checked).toBe(true));
    refuse();
    expect(await screen.findByText('Die Erinnerung konnte nicht eingeschaltet werden. Bitte versuche es erneut.')).toBeTruthy();
    expect(reminder.checked).toBe(false);
  });

  it('goes with the heart: taking the event off the Merkliste drops the reminder, kept again it starts off', async () => {
    const event = makeEvent();
    const fetchMock = signedIn(event, { events: [event.id], reminders: [event.id] });
    renderBeside(event);
    expect((await screen.findByRole<HTMLInputElement>('switch', SWITCH)).checked).toBe(true);
    const heart = screen.getByRole('button', { name: `${event.name} merken` });

    fireEvent.click(heart);
    expect(screen.queryByRole('switch', SWITCH)).toBeNull();
    await waitFor(() => expect(writes(fetchMock)).toEqual([`DELETE /api/me/favourites/events/${event.id}`]));

    fireEvent.click(heart);
    expect(screen.getByRole<HTMLInputElement>('switch', SWITCH).checked).toBe(false);
    await waitFor(() => expect(writes(fetchMock)[1]).toBe(`PUT /api/me/favourites/events/${event.id}`));
  });

  it('a heart taken back while the reminder is still being switched on is dropped after that write, not before', async () => {
    const event = makeEvent();
    const fetchMock = signedIn(event, { events: [event.id], reminders: [] });
    let letThrough = () => {};
    const held = new Promise<void>((resolve) => (letThrough = resolve));
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'PUT') await held;
      return answer(input, init);
    });
    renderBeside(event);
    fireEvent.click(await screen.findByRole('switch', SWITCH));
    fireEvent.click(screen.getByRole('button', { name: `${event.name} merken` }));
    await settle();
    expect(writes(fetchMock)).toEqual([`PUT /api/me/favourites/events/${event.id}?remind=true`]);

    letThrough();
    await waitFor(() => expect(writes(fetchMock)).toHaveLength(2));
    expect(writes(fetchMock)[1]).toBe(`DELETE /api/me/favourites/events/${event.id}`);
  });

  it('is not there once the market has started, nor for a cancelled one', async () => {
    const running = makeEvent({
      startDateTime: new Date(Date.now() - hour).toISOString(),
      endDateTime: new Date(Date.now() + hour).toISOString(),
      phase: 'running',
    });
    const cancelled = makeEvent({ status: 'cancelled', phase: 'cancelled' });
    const fetchMock = mockAuthUser(nextUser(), { '/api/me/favourites': { stands: [], events: [running.id, cancelled.id], reminders: [] } });
    renderWithProviders(
      <>
        <FavouriteButton kind="events" id={running.id} label={running.name} />
        <EventReminderSwitch event={running} label={running.name} />
        <EventReminderSwitch event={cancelled} label={cancelled.name} />
      </>,
    );
    await waitFor(() => expect(screen.getByRole('button', { name: `${running.name} merken` }).getAttribute('aria-pressed')).toBe('true'));
    await settle();
    expect(fetchMock).toHaveBeenCalled();
    expect(screen.queryByRole('switch', SWITCH)).toBeNull();
  });

  describe('on the market’s own day in Berlin, before it starts', () => {
    // The market starts at 10:00 Berlin time on Saturday 1 June 2030 (makeEvent); Berlin's day begins at 22:00 UTC the day before.
    const event = makeEvent();
    afterEach(() => vi.useRealTimers());

    /** The kept event with its reminder on, as the page shows it at `now`: the switch's hint (null without a switch) and all the text. */
    async function shownAt(now: string): Promise<{ hint: string | null; text: string }> {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(now));
      signedIn(event, { events: [event.id], reminders: [event.id] });
      const { unmount, container } = renderBeside(event);
      await waitFor(() => expect(screen.getByRole('button', { name: `${event.name} merken` }).getAttribute('aria-pressed')).toBe('true'));
      await settle();
      const reminder = screen.queryByRole('switch', SWITCH);
      const shown = {
        hint: reminder && (document.getElementById(reminder.getAttribute('aria-describedby') ?? '')?.textContent ?? ''),
        text: container.textContent ?? '',
      };
      unmount();
      return shown;
    }

    it('promises no mail of the evening before: the switch is gone from 00:00 Berlin time, while it is still the day before in UTC', async () => {
      // 17:59 Berlin the evening before: the mail is still to come at 18:00; from 18:00 it goes out that evening.
      expect((await shownAt('2030-05-31T15:59:00.000Z')).hint).toBe('Wir schicken dir am Vorabend um 18 Uhr eine E-Mail.');
      expect((await shownAt('2030-05-31T16:00:00.000Z')).hint).toBe('Wir schicken dir heute Abend eine E-Mail.');
      expect((await shownAt('2030-05-31T21:59:00.000Z')).hint).toBe('Wir schicken dir heute Abend eine E-Mail.');
      for (const now of ['2030-05-31T22:00:00.000Z', '2030-06-01T00:42:00.000Z' /* 02:42 that morning, as the tester saw it */]) {
        const { hint, text } = await shownAt(now);
        expect(hint).toBeNull();
        expect(text).not.toMatch(/Vorabend|18 Uhr|E-Mail/);
      }
    });
  });

  it("sits in the event page's header beside the heart, with the account's state", async () => {
    const event = makeEvent();
    const user = nextUser();
    mockAuthUser(user, {
      [`/api/events/${event.id}`]: event,
      [`/api/events/${event.id}/stands`]: [],
      [`/api/stands/user/${user.id}`]: [],
      '/api/me/favourites': { stands: [], events: [event.id], reminders: [event.id] },
    });
    renderApp(`/events/${event.id}`);
    const reminder = await screen.findByRole<HTMLInputElement>('switch', SWITCH, { timeout: 10_000 });
    expect(reminder.checked).toBe(true);
    expect(reminder.closest('.event-hero')).not.toBeNull();
  });
});
