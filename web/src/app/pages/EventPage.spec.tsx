import { API_ERRORS, type TEvent } from '@flohmarkt/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEvent } from '@/testing/fixtures';
import { mockAuthUser, participant, renderApp } from '@/testing/render-app';

vi.mock('@/components/maps/lazy-maps', () => ({ EventMap: () => <p>Karte</p>, StandMap: () => <p>Karte</p>, LandingMap: () => <p>Karte</p> }));

function open(event: TEvent, user = null as typeof participant | null) {
  mockAuthUser(user, { [`/api/events/${event.id}`]: event, [`/api/events/${event.id}/stands`]: [], [`/api/stands/user/${participant.id}`]: [] });
  renderApp(`/events/${event.id}`);
}

const hour = 3_600_000;

describe('event page (issue 17)', () => {
  it('a cancelled market says so beside its name and with its reason, and takes no registration', async () => {
    open(makeEvent({ status: 'cancelled', phase: 'cancelled', cancelReason: 'Unwetterwarnung für Samstag' }));
    const title = await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
    expect(title.textContent).toContain('Abgesagt');
    expect(screen.getByText('Dieser Flohmarkt wurde abgesagt.')).toBeTruthy();
    expect(screen.getByText('Grund: Unwetterwarnung für Samstag')).toBeTruthy();
    expect(screen.getByText('Eine Standanmeldung ist nicht mehr möglich.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Stand anmelden (ohne Registrierung)' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Stand anzumelden/ })).toBeNull();
  });

  it('a cancelled market says it once and offers nothing a market that does not take place needs', async () => {
    const cancelled = makeEvent({ status: 'cancelled', phase: 'cancelled', organizerId: participant.id, latitude: '50.93', longitude: '6.95', maxStands: 40 });
    open(cancelled, participant);
    await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
    // One notice in red: not the closed registration's sentence beside it.
    expect(screen.queryByText(API_ERRORS.registrationEventCancelled)).toBeNull();
    expect(screen.queryByRole('link', { name: /Markttag/ })).toBeNull();
    expect(screen.queryByText('Plätze')).toBeNull();
    expect(screen.queryByRole('link', { name: /Route planen/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Zum Kalender hinzufügen' })).toBeNull();
    expect(screen.queryByRole('heading', { name: /Karte einbetten|Zum Ausdrucken/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Meine Runde planen/ })).toBeNull();
    // What stays: the facts and the organiser's way to edit (or delete) the market.
    expect(screen.getByText('Auf einen Blick')).toBeTruthy();
  });

  it("on the market's day the first button leads to the stands", async () => {
    open(makeEvent({ startDateTime: new Date(Date.now() - hour).toISOString(), endDateTime: new Date(Date.now() + 4 * hour).toISOString(), phase: 'running' }));
    const toStands = await screen.findByRole('link', { name: 'Zu den Ständen' }, { timeout: 10_000 });
    expect(toStands.getAttribute('href')).toBe('#stands-title');
    expect(document.getElementById('stands-title')).toBeTruthy();
  });

  it('offers no jump to the stands before the market begins', async () => {
    open(makeEvent({ startDateTime: new Date(Date.now() + 20 * hour).toISOString(), endDateTime: new Date(Date.now() + 26 * hour).toISOString() }));
    await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
    expect(screen.queryByRole('link', { name: 'Zu den Ständen' })).toBeNull();
  });

  it('past the registration deadline the page says why instead of the guest form and the register button', async () => {
    open(makeEvent({ registrationDeadline: new Date(Date.now() - hour).toISOString() }));
    expect(await screen.findByText(API_ERRORS.registrationDeadlinePassed, {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Stand anmelden (ohne Registrierung)' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Stand anzumelden/ })).toBeNull();
  });

  it('an ended market takes no registration from a signed-in exhibitor either', async () => {
    open(
      makeEvent({ startDateTime: new Date(Date.now() - 5 * hour).toISOString(), endDateTime: new Date(Date.now() - hour).toISOString(), phase: 'ended' }),
      participant,
    );
    expect(await screen.findByText(API_ERRORS.registrationEventEnded, {}, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Eigenen Stand anmelden' })).toBeNull());
    expect(screen.queryByRole('link', { name: 'Stand anmelden' })).toBeNull();
  });

  it('before the deadline both ways to register are there and nothing says closed', async () => {
    open(makeEvent({ registrationDeadline: new Date(Date.now() + 24 * hour).toISOString() }));
    expect(await screen.findByRole('button', { name: 'Stand anmelden (ohne Registrierung)' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ohne Konto anmelden' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mit Konto anmelden' })).toBeTruthy();
    expect(document.querySelector('.registration-closed')).toBeNull();
    expect(screen.queryByText('Abgesagt')).toBeNull();
  });

  it('shows everyone the free places of a capped market, and when it is booked up', async () => {
    open(makeEvent({ maxStands: 10, freePlaces: 3 }));
    expect(await screen.findByText('Noch 3 Plätze frei', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('a booked-up market says registrations go onto the waitlist', async () => {
    open(makeEvent({ maxStands: 10, freePlaces: 0 }));
    expect(await screen.findByText('Ausgebucht – Anmeldung auf die Warteliste', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('a market without a cap says nothing about places', async () => {
    open(makeEvent());
    await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
    expect(screen.queryByText(/Plätze frei|Ausgebucht/)).toBeNull();
  });

  it('the organiser gets the cockpit: counters, the review list, walk-up stands, numbering and every file of the kit', async () => {
    const organiser = { ...participant, id: '00000009-0000-4000-8000-000000000001', role: 'organizer' as const };
    const event = makeEvent({ organizerId: organiser.id, maxStands: 10, freePlaces: 4 });
    mockAuthUser(organiser, {
      [`/api/events/${event.id}`]: event,
      [`/api/events/${event.id}/stands`]: [],
      [`/api/events/${event.id}/draft-stands`]: [],
      [`/api/events/${event.id}/stand-overview`]: {
        approved: 6,
        pending: 2,
        waitlisted: 0,
        rejected: 0,
        maxStands: 10,
        freePlaces: 2,
        areas: [],
        withoutPosition: 0,
      },
    });
    renderApp(`/events/${event.id}`);
    expect(await screen.findByRole('region', { name: 'Deine Übersicht' }, { timeout: 10_000 })).toBeTruthy();
    // The facts beside the counters count the pending stands too, as the counters do.
    expect(await screen.findByText('Noch 2 Plätze frei')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Stände nummerieren' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Stand vor Ort eintragen' })).toBeTruthy();
    expect(await screen.findByText('Keine offenen Stand-Anmeldungen.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Stände als Tabelle (CSV für Excel)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /ohne Konto|ohne Registrierung/ })).toBeNull();
  });

  it("a visitor sees none of the organiser's tools", async () => {
    open(makeEvent());
    await screen.findByRole('button', { name: 'Stand anmelden (ohne Registrierung)' }, { timeout: 10_000 });
    expect(screen.queryByRole('region', { name: 'Deine Übersicht' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Stände nummerieren' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Stand vor Ort eintragen' })).toBeNull();
  });

  it('offers everyone the code to embed the map and stands on another site (issue 19)', async () => {
    const event = makeEvent();
    open(event);
    const card = await screen.findByRole('region', { name: 'Karte einbetten' }, { timeout: 10_000 });
    expect((card.querySelector('textarea') as HTMLTextAreaElement).value).toContain(`src="${window.location.origin}/embed/events/${event.id}"`);
  });
});

describe('event page on a phone and on a wide screen', () => {
  // Whether the window is at least 960 px wide, as a phone's or a desktop's matchMedia answers.
  function windowWide(wide: boolean) {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: wide, media: query, addEventListener: () => {}, removeEventListener: () => {} }));
  }
  const follows = (first: Element, second: Element) => Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);
  afterEach(() => vi.unstubAllGlobals());

  it('on a phone the stands come right after the facts and the calendar, the embed and print cards after the stands', async () => {
    windowWide(false);
    open(makeEvent());
    const stands = await screen.findByRole('heading', { name: 'Stände', level: 2 }, { timeout: 10_000 });
    expect(follows(screen.getByRole('region', { name: 'Nicht vergessen' }), stands)).toBe(true);
    expect(follows(stands, screen.getByRole('region', { name: 'Karte einbetten' }))).toBe(true);
    expect(follows(stands, screen.getByRole('region', { name: 'Zum Ausdrucken' }))).toBe(true);
  });

  it('on a wide screen the embed and print cards stand in the side column, before the stands', async () => {
    windowWide(true);
    open(makeEvent());
    const stands = await screen.findByRole('heading', { name: 'Stände', level: 2 }, { timeout: 10_000 });
    expect(follows(screen.getByRole('region', { name: 'Karte einbetten' }), stands)).toBe(true);
    expect(follows(screen.getByRole('region', { name: 'Zum Ausdrucken' }), stands)).toBe(true);
  });
});
