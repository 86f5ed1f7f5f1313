import { API_ERRORS, MARKET_DAY_MESSAGES, type TEvent, type TMarketDay, type TMarketDayStand } from '@flohmarkt/contracts';
import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/toast/toast-store';
import { makeEvent, makeStand } from '@/testing/fixtures';
import { json, mockAuthUser, participant } from '@/testing/render-app';
import { renderWithProviders } from '@/testing/render-with-providers';
import { PAGE_PATTERNS } from '@/lib/paths';
import { checkInQueueKey } from '../lib/check-in-queue';
import { MarketDayPage } from './MarketDayPage';

vi.mock('@/components/location/LocationPickerMap', () => ({ LocationPickerMap: () => <div>Karte</div> }));

/* /events/{id}/markttag (issue 36): the team's check-in on a phone, offline too, and the day view. */

const event = makeEvent({ id: '00000001-0000-4000-8000-000000000036', name: 'Hofflohmarkt Kreuzberg' });
const dayPath = `/api/events/${event.id}/market-day`;
const checkInPath = (standId: string) => `/api/stands/${standId}/check-in`;

function stand(n: number, overrides: Partial<TMarketDayStand> = {}): TMarketDayStand {
  return {
    id: `00000002-0000-4000-8000-00000000000${n}`,
    // The server's label is the bare number; the page titles it as every other page does.
    label: String(n),
    standNumber: String(n),
    street: 'Bergmannstraße',
    houseNumber: String(n),
    name: null,
    status: 'approved',
    walkUp: false,
    confirmation: 'confirmed',
    checkIn: 'unknown',
    checkInAt: null,
    checkInBy: null,
    liveState: null,
    ...overrides,
  };
}

function makeDay(overrides: Partial<TMarketDay> = {}): TMarketDay {
  return {
    eventId: event.id,
    role: 'helper',
    reconfirmation: { enabled: true, askHoursBefore: 72, deadlineHoursBefore: 24 },
    remindedAt: null,
    counts: { approved: 3, confirmed: 2, open: 1, released: 1, present: 1, absent: 0, unknown: 2, walkUps: 1, pending: 0, freePlaces: 4 },
    stands: [
      stand(1, { name: 'Erika M.', checkIn: 'present', checkInAt: '2030-06-01T07:30:00.000Z', checkInBy: 'Hilde H.', liveState: 'open' }),
      stand(2, { status: 'released', confirmation: 'released' }),
      stand(3, { confirmation: 'asked', walkUp: true }),
      stand(4, { street: 'Zossener Straße' }),
    ],
    serverTime: '2030-06-01T07:45:00.000Z',
    ...overrides,
  };
}

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path={PAGE_PATTERNS.marketDay} element={<MarketDayPage />} />
    </Routes>,
    `/events/${event.id}/markttag`,
  );
}

const row = (label: string) => screen.getByRole('listitem', { name: label });
/** The count under a figure's label in the counts grid. */
const figure = (label: string) => within(screen.getByLabelText('Zahlen des Markttags')).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

function patches(fetchMock: ReturnType<typeof mockAuthUser>) {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PATCH')
    .map(([url, init]) => ({ path: new URL(String(url), 'http://localhost').pathname, body: JSON.parse(String(init?.body)) as { state: string; at: string } }));
}

/** The server: the day as it is, and each check-in answered with the tick as the winner. */
function server(day: TMarketDay = makeDay(), user = participant, market: TEvent = event) {
  return mockAuthUser(user, {
    [`/api/events/${event.id}`]: market,
    [dayPath]: () => json(day),
    ...Object.fromEntries(
      day.stands.map((s) => [checkInPath(s.id), (_url: URL, init?: RequestInit) => json({ standId: s.id, ...(JSON.parse(String(init?.body)) as object) })]),
    ),
  });
}

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
});

afterEach(() => {
  act(() => resetToasts());
  // TanStack Query heard the `offline` event: the next test starts online, as a page does.
  onlineManager.setOnline(true);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('MarketDayPage', () => {
  it('shows the market, the counts and the stands by street in walk order, released places greyed at their street’s end', async () => {
    server();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Hofflohmarkt Kreuzberg' })).toBeTruthy();
    expect(figure('Bestätigt')).toBe('2');
    // Each label says what it counts: no answer yet, places given up (not free places), not ticked yet.
    expect(figure('Antwort offen')).toBe('1');
    expect(figure('Platz abgegeben')).toBe('1');
    expect(figure('Nicht abgehakt')).toBe('2');
    expect(figure('Da')).toBe('1');
    expect(figure('Spontan')).toBe('1');
    expect(figure('Freie Plätze')).toBe('4');

    const streets = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(streets).toEqual(['Bergmannstraße', 'Zossener Straße']);
    const bergmann = screen.getByRole('region', { name: 'Bergmannstraße' });
    expect(
      within(bergmann)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Stand #1', 'Stand #3', 'Stand #2']);

    const first = row('Stand #1');
    expect(first.textContent).toContain('Erika M.');
    expect(first.textContent).toContain('Bestätigt');
    expect(first.textContent).toContain('Geöffnet');
    expect(within(first).getByRole('button', { name: 'Da' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(first).getByRole('button', { name: 'Nicht da' }).getAttribute('aria-pressed')).toBe('false');
    // When and by whom the tick that counts was made, in Berlin time.
    expect(within(first).getByText('Da um 09:30 · Hilde H.')).toBeTruthy();
    expect(row('Stand #3').textContent).toContain('Spontan');
    expect(row('Stand #3').textContent).toContain('Offen');
    // A released place is walked past, never ticked.
    expect(row('Stand #2').textContent).toContain('Platz frei');
    expect(within(row('Stand #2')).queryByRole('button')).toBeNull();
    expect(screen.getByText('Alles synchronisiert')).toBeTruthy();
  });

  it('without the question „Bist du dabei?“ shows no answer figures, and a stand called by its address is not told it twice', async () => {
    const counts = { approved: 2, confirmed: 0, open: 0, released: 0, present: 1, absent: 0, unknown: 1, walkUps: 0, pending: 0, freePlaces: null };
    server(
      makeDay({
        reconfirmation: { enabled: false, askHoursBefore: 72, deadlineHoursBefore: 24 },
        counts,
        stands: [stand(1, { label: 'Bergmannstraße 1', standNumber: null, confirmation: 'not-asked' }), stand(2, { confirmation: 'not-asked' })],
      }),
    );
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Hofflohmarkt Kreuzberg' });
    const labels = within(screen.getByLabelText('Zahlen des Markttags'))
      .getAllByRole('term')
      .map((dt) => dt.textContent);
    expect(labels).toEqual(['Da', 'Nicht da', 'Nicht abgehakt', 'Spontan', 'Freie Plätze']);
    expect(within(row('Bergmannstraße 1')).getAllByText('Bergmannstraße 1')).toHaveLength(1);
    // A numbered stand still says where it stands.
    expect(within(row('Stand #2')).getByText('Bergmannstraße 2')).toBeTruthy();
  });

  it('names both days for a night market that ends after midnight', async () => {
    const night = { ...event, startDateTime: '2030-06-01T19:00:00.000Z', endDateTime: '2030-06-02T01:00:00.000Z' };
    mockAuthUser(participant, { [`/api/events/${event.id}`]: night, [dayPath]: () => json(makeDay()) });
    renderPage();
    const link = await screen.findByRole('link', { name: 'Zur Seite des Flohmarkts' });
    expect(link.parentElement?.textContent).toContain('Sa 01.06.2030 21:00 – So 02.06.2030 03:00 Uhr');
  });

  it('filters the list by label or number', async () => {
    server();
    renderPage();
    fireEvent.change(await screen.findByLabelText('Stand suchen (Name oder Nummer)'), { target: { value: '4' } });
    expect(screen.queryByRole('listitem', { name: 'Stand #1' })).toBeNull();
    expect(row('Stand #4')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Stand suchen (Name oder Nummer)'), { target: { value: 'Lampe' } });
    expect(screen.getByText('Kein Stand passt zu „Lampe“.')).toBeTruthy();
  });

  it('keeps a tick made offline on the phone, shows it as not synced, and sends it with its own time when the network returns', async () => {
    const fetchMock = server();
    renderPage();
    await screen.findByRole('listitem', { name: 'Stand #3' });
    setOnline(false);

    fireEvent.click(within(row('Stand #3')).getByRole('button', { name: 'Nicht da' }));
    expect(within(row('Stand #3')).getByRole('button', { name: 'Nicht da' }).getAttribute('aria-pressed')).toBe('true');
    expect(row('Stand #3').textContent).toContain('nicht synchronisiert');
    expect(screen.getByText('1 Änderung wartet auf Netz')).toBeTruthy();
    expect(figure('Nicht da')).toBe('1');
    const [kept] = JSON.parse(localStorage.getItem(checkInQueueKey(event.id)) ?? '[]') as { state: string; at: string }[];
    expect(kept?.state).toBe('absent');
    expect(patches(fetchMock)).toEqual([]);

    setOnline(true);
    await waitFor(() => expect(patches(fetchMock)).toEqual([{ path: checkInPath(stand(3).id), body: { state: 'absent', at: kept?.at } }]));
    expect(await screen.findByText('Alles synchronisiert')).toBeTruthy();
    expect(row('Stand #3').textContent).not.toContain('nicht synchronisiert');
    expect(localStorage.getItem(checkInQueueKey(event.id))).toBeNull();
  });

  it('stamps a tick in the server’s time when the phone’s clock runs fast', async () => {
    // A market running now by the server's clock, so its buttons are open.
    const today = { ...event, startDateTime: new Date(Date.now() - 3_600_000).toISOString(), endDateTime: new Date(Date.now() + 3_600_000).toISOString() };
    const fetchMock = server(makeDay({ serverTime: new Date(Date.now() - 10 * 60_000).toISOString() }), participant, today);
    renderPage();
    fireEvent.click(within(await screen.findByRole('listitem', { name: 'Stand #4' })).getByRole('button', { name: 'Da' }));
    await waitFor(() => expect(patches(fetchMock)).toHaveLength(1));
    const sentAt = Date.parse(patches(fetchMock)[0]?.body.at ?? '');
    expect(Math.abs(sentAt - (Date.now() - 10 * 60_000))).toBeLessThan(5_000);
  });

  it('takes a tick back to „offen“ by tapping the pressed button', async () => {
    const fetchMock = server();
    renderPage();
    fireEvent.click(within(await screen.findByRole('listitem', { name: 'Stand #1' })).getByRole('button', { name: 'Da' }));
    await waitFor(() => expect(patches(fetchMock).map((p) => p.body.state)).toEqual(['unknown']));
    expect(within(row('Stand #1')).getByRole('button', { name: 'Da' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('drops a tick the server refuses and says why; the row shows the server’s state again', async () => {
    const day = makeDay();
    mockAuthUser(participant, {
      [`/api/events/${event.id}`]: event,
      [dayPath]: () => json(day),
      [checkInPath(stand(4).id)]: () => json({ message: MARKET_DAY_MESSAGES.checkInOutsideDay }, 403),
    });
    renderPage();
    fireEvent.click(within(await screen.findByRole('listitem', { name: 'Stand #4' })).getByRole('button', { name: 'Da' }));
    expect((await screen.findByRole('alert')).textContent).toBe(`Stand #4: ${MARKET_DAY_MESSAGES.checkInOutsideDay}`);
    expect(within(row('Stand #4')).getByRole('button', { name: 'Da' }).getAttribute('aria-pressed')).toBe('false');
    // Not „Alles synchronisiert“: the refused tick is not in.
    expect(screen.getByText('1 Änderung nicht übernommen')).toBeTruthy();
    expect(screen.queryByText('Alles synchronisiert')).toBeNull();
  });

  it('days before the market, says from when the team can tick, and the buttons wait for it', async () => {
    // The server's clock two days before the start (08:00 Berlin summer time = 06:00 UTC on 1 June 2030).
    const fetchMock = server(makeDay({ serverTime: '2030-05-30T06:00:00.000Z' }), participant, {
      ...event,
      startDateTime: '2030-06-01T06:00:00.000Z',
      endDateTime: '2030-06-01T14:00:00.000Z',
    });
    renderPage();
    const da = within(await screen.findByRole('listitem', { name: 'Stand #4' })).getByRole('button', { name: 'Da' });
    const notice = screen.getByText(/^Einchecken geht ab/);
    expect(notice.textContent).toBe('Einchecken geht ab 31.05.2030, 08:00 Uhr (24 Stunden vor Beginn). Bis dahin kannst du die Liste schon ansehen.');
    expect(da).toHaveProperty('disabled', true);
    expect(da.getAttribute('aria-describedby')).toBe(notice.id);
    fireEvent.click(da);
    expect(patches(fetchMock)).toEqual([]);
    expect(screen.getByText('Alles synchronisiert')).toBeTruthy();
  });

  it('opens the buttons at the window’s start by itself, offline too, without a refresh of the list', async () => {
    // The server's clock a second before the check-in window opens (24 hours before the start).
    const fetchMock = server(makeDay({ serverTime: '2030-05-31T05:59:59.000Z' }), participant, {
      ...event,
      startDateTime: '2030-06-01T06:00:00.000Z',
      endDateTime: '2030-06-01T14:00:00.000Z',
    });
    renderPage();
    const da = within(await screen.findByRole('listitem', { name: 'Stand #4' })).getByRole('button', { name: 'Da' });
    expect(da).toHaveProperty('disabled', true);
    setOnline(false);
    const asked = fetchMock.mock.calls.length;
    await waitFor(() => expect(da).toHaveProperty('disabled', false), { timeout: 5000 });
    expect(screen.queryByText(/^Einchecken geht ab/)).toBeNull();
    expect(fetchMock.mock.calls.length).toBe(asked);
  });

  it('after the market day, says it is over and offers no tick', async () => {
    server(makeDay({ serverTime: '2030-06-02T08:00:00.000Z' }), participant, {
      ...event,
      startDateTime: '2030-06-01T06:00:00.000Z',
      endDateTime: '2030-06-01T14:00:00.000Z',
    });
    renderPage();
    const da = within(await screen.findByRole('listitem', { name: 'Stand #4' })).getByRole('button', { name: 'Nicht da' });
    expect(screen.getByText('Der Markttag ist vorbei: Es wird nicht mehr eingecheckt.')).toBeTruthy();
    expect(da).toHaveProperty('disabled', true);
  });

  it('keeps a tick the server could not take (503) and says it waits', async () => {
    mockAuthUser(participant, {
      [`/api/events/${event.id}`]: event,
      [dayPath]: () => json(makeDay()),
      [checkInPath(stand(4).id)]: () => json({ message: 'Der Dienst ist gerade nicht erreichbar.' }, 503),
    });
    renderPage();
    fireEvent.click(within(await screen.findByRole('listitem', { name: 'Stand #4' })).getByRole('button', { name: 'Da' }));
    expect(await screen.findByText('1 Änderung wartet auf Netz – wird gesendet …')).toBeTruthy();
    expect(row('Stand #4').textContent).toContain('nicht synchronisiert');
    expect(localStorage.getItem(checkInQueueKey(event.id))).toContain('present');
  });

  it('shows the kept list after a reload without network, with the time of the copy, and the ticks still waiting', async () => {
    server();
    const first = renderPage();
    await screen.findByRole('listitem', { name: 'Stand #3' });
    setOnline(false);
    fireEvent.click(within(row('Stand #3')).getByRole('button', { name: 'Da' }));
    first.unmount();

    // The reload: a fresh page (TanStack Query starts online and tries), and nothing answers, not even the question for the user.
    onlineManager.setOnline(true);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Hofflohmarkt Kreuzberg' })).toBeTruthy();
    expect(screen.getByText('Stand von 09:45 Uhr')).toBeTruthy();
    expect(within(row('Stand #3')).getByRole('button', { name: 'Da' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('1 Änderung wartet auf Netz')).toBeTruthy();
    expect(screen.getByText('Zum Eintragen eines spontanen Stands brauchst du Netz.')).toBeTruthy();
  });

  it('shows the server’s message to someone not in the team', async () => {
    mockAuthUser(participant, { [`/api/events/${event.id}`]: event, [dayPath]: () => json({ message: MARKET_DAY_MESSAGES.marketDayForbidden }, 403) });
    renderPage();
    expect(await screen.findByText(MARKET_DAY_MESSAGES.marketDayForbidden)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Da' })).toBeNull();
  });

  it('offers the organiser „Offene erinnern“ once, and says how many were reminded', async () => {
    let day = makeDay({ role: 'organizer' });
    const fetchMock = mockAuthUser(participant, {
      [`/api/events/${event.id}`]: event,
      [dayPath]: () => json(day),
      [`/api/events/${event.id}/confirmations/remind`]: () => {
        day = { ...day, remindedAt: '2030-06-01T07:50:00.000Z' };
        return json({ reminded: 3 });
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Offene erinnern' }));
    expect(await screen.findByText('3 Stände erinnert')).toBeTruthy();
    expect(await screen.findByText('Offene Stände erinnert am 01.06.2030, 09:50 Uhr.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Offene erinnern' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url, init]) => String(url).endsWith('/confirmations/remind') && init?.method === 'POST')).toBe(true);
  });

  it('enters a walk-up stand online and reloads the list; offline it says the form needs the network', async () => {
    let day = makeDay();
    const fetchMock = mockAuthUser(participant, {
      [`/api/events/${event.id}`]: event,
      [dayPath]: () => json(day),
      [`/api/events/${event.id}/walk-up-stands`]: () => {
        day = { ...day, stands: [...day.stands, stand(5, { label: 'Stand #5', walkUp: true, street: 'Zossener Straße' })] };
        return json(makeStand({ id: stand(5).id, eventId: event.id, standNumber: '5' }), 201);
      },
    });
    renderPage();
    await screen.findByRole('listitem', { name: 'Stand #4' });
    setOnline(false);
    expect(screen.getByRole('button', { name: 'Spontanen Stand eintragen' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Zum Eintragen eines spontanen Stands brauchst du Netz.')).toBeTruthy();
    setOnline(true);

    fireEvent.click(screen.getByRole('button', { name: 'Spontanen Stand eintragen' }));
    fireEvent.change(await screen.findByLabelText(/^Beschreibung/), { target: { value: 'Kinderkleidung und Bücher' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Bücher' }));
    fireEvent.click(screen.getByRole('button', { name: 'Stand eintragen' }));
    const row = await screen.findByRole('listitem', { name: 'Stand #5' });
    // The closed form leaves the helper where they were, told what happened and with a way to the new row.
    const note = screen.getByText(/„Stand #5“ ist eingetragen und steht in der Liste/);
    await waitFor(() => expect(document.activeElement).toBe(note));
    expect(within(note).getByRole('link', { name: 'Zum Stand in der Liste' }).getAttribute('href')).toBe(`#${row.id}`);
    const post = fetchMock.mock.calls.find(([url, init]) => String(url).endsWith('/walk-up-stands') && init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ categories: ['Bücher'], description: 'Kinderkleidung und Bücher' });
  });

  it('keeps an open walk-up form and what was typed through a dropped connection', async () => {
    server();
    renderPage();
    await screen.findByRole('listitem', { name: 'Stand #4' });
    fireEvent.click(screen.getByRole('button', { name: 'Spontanen Stand eintragen' }));
    fireEvent.change(await screen.findByLabelText(/^Beschreibung/), { target: { value: 'Kinderkleidung und Bücher' } });

    setOnline(false);
    expect(screen.getByText('Zum Eintragen eines spontanen Stands brauchst du Netz.')).toBeTruthy();
    expect((screen.getByLabelText(/^Beschreibung/) as HTMLTextAreaElement).value).toBe('Kinderkleidung und Bücher');
    setOnline(true);
    expect((screen.getByLabelText(/^Beschreibung/) as HTMLTextAreaElement).value).toBe('Kinderkleidung und Bücher');
    expect(screen.getByRole('button', { name: 'Spontanen Stand eintragen' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('says after the market’s end that it is over, with no walk-up form; a cancelled market likewise', async () => {
    server(makeDay({ serverTime: '2030-06-01T15:30:00.000Z' }));
    const { unmount } = renderPage();
    await screen.findByRole('listitem', { name: 'Stand #4' });
    expect(await screen.findByText('Der Flohmarkt ist vorbei: Spontane Stände lassen sich nicht mehr eintragen.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Spontanen Stand eintragen' })).toBeNull();
    unmount();

    mockAuthUser(participant, { [`/api/events/${event.id}`]: { ...event, status: 'cancelled', phase: 'cancelled' }, [dayPath]: () => json(makeDay()) });
    renderPage();
    await screen.findByRole('listitem', { name: 'Stand #4' });
    expect(await screen.findByText('Der Flohmarkt ist abgesagt: Spontane Stände lassen sich nicht eintragen.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Spontanen Stand eintragen' })).toBeNull();
  });

  it('shows the server’s sentence when it refuses a walk-up (the market ended while the form was open)', async () => {
    mockAuthUser(participant, {
      [`/api/events/${event.id}`]: event,
      [dayPath]: () => json(makeDay()),
      [`/api/events/${event.id}/walk-up-stands`]: () => json({ statusCode: 403, message: API_ERRORS.registrationEventEnded }, 403),
    });
    renderPage();
    await screen.findByRole('listitem', { name: 'Stand #4' });
    fireEvent.click(screen.getByRole('button', { name: 'Spontanen Stand eintragen' }));
    fireEvent.change(await screen.findByLabelText(/^Beschreibung/), { target: { value: 'Kinderkleidung und Bücher' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Bücher' }));
    fireEvent.click(screen.getByRole('button', { name: 'Stand eintragen' }));
    const said = await screen.findAllByText(API_ERRORS.registrationEventEnded);
    expect(said.length).toBeGreaterThan(0);
  });

  it('says that only approved stands are listed and how many wait, holding their place; free places read as on the overview', async () => {
    // The tester's market: three places, one given up, the stand moved up from the waitlist waits for approval.
    const capped = { ...event, maxStands: 3, freePlaces: 0 };
    const counts = { ...makeDay().counts, approved: 2, released: 1, pending: 1, freePlaces: 0 };
    mockAuthUser(participant, { [`/api/events/${event.id}`]: capped, [dayPath]: () => json(makeDay({ role: 'organizer', counts })) });
    renderPage();
    await screen.findByRole('listitem', { name: 'Stand #1' });
    expect(figure('Freie Plätze')).toBe('0 von 3');
    const note = screen.getByText(/Hier stehen nur genehmigte Stände\./);
    expect(note.textContent).toContain('Eine Anmeldung wartet noch auf die Freigabe');
    expect(note.textContent).toContain('Ihren Platz hält sie schon: „Freie Plätze“ zählt sie mit.');
    // The organiser may approve it: the way to the review list.
    expect(within(note).getByRole('link', { name: 'Anmeldungen prüfen' }).getAttribute('href')).toBe(`/events/${event.id}#anmeldungen`);
  });

  it('tells a helper how many wait, without the review list they cannot open', async () => {
    server(makeDay({ role: 'helper', counts: { ...makeDay().counts, pending: 3, freePlaces: null } }));
    renderPage();
    await screen.findByRole('listitem', { name: 'Stand #1' });
    expect(figure('Freie Plätze')).toBe('–');
    const note = screen.getByText(/Hier stehen nur genehmigte Stände\./);
    expect(note.textContent).toContain('3 Anmeldungen warten noch auf die Freigabe (auch von der Warteliste nachgerückte) und kommen auf die Liste');
    expect(note.textContent).not.toContain('Freie Plätze');
    expect(within(note).queryByRole('link')).toBeNull();
  });

  it('says nothing about waiting registrations when none waits', async () => {
    server(makeDay({ role: 'organizer' }));
    renderPage();
    await screen.findByRole('listitem', { name: 'Stand #1' });
    expect(screen.getByText(/Hier stehen nur genehmigte Stände\./).textContent).toBe('Hier stehen nur genehmigte Stände.');
  });

  it('offers a helper no reminder', async () => {
    server(makeDay({ role: 'helper' }));
    renderPage();
    await screen.findByRole('listitem', { name: 'Stand #1' });
    expect(screen.queryByRole('button', { name: 'Offene erinnern' })).toBeNull();
  });
});
