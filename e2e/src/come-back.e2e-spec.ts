import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { berlinClock } from '@flohmarkt/contracts';
import { apiCall, signedInSession, type Answer } from './support/api-call.js';
import { type HttpSession } from './support/browser-session.js';
import { Mailbox, confirmGuestAddress } from './support/mailbox.js';
import { WEB_DIST, startTestStack, type ChildEntry, type TestStack } from './support/stack.js';
import { until } from './support/until.js';

/*
 * Issue 34, "come back", as people receive its mails through the whole stack.
 *
 * Reminders the evening before: a visitor
 * switches "Am Vorabend erinnern" on for a kept market (auth announces the wish to the stands service),
 * a seller's stand is approved, and each of them and the organiser get exactly one mail, also after the
 * stands service restarts. The reminders are due only on the evening before (from 18:00 Berlin time the
 * day before the start day until that day begins), and the clock of a real stack cannot be set: a run
 * from 18:00 Berlin time on takes a market starting the next morning and sees the mails; an earlier run
 * takes one starting later that day and sees that none says "Morgen" on the market's own day (the
 * rule itself at every hour: the stands service's reminder specs, with a fixed clock).
 * The sweeps run every 5 s here (the product: 30 s).
 *
 * Follows and alerts: a follower of an organiser and an alert around a place each get one mail when
 * the organiser publishes a market there; a stranger's alert elsewhere gets none. The gathering wait
 * is 1 s here (the product: 120 s).
 */

type Signed = HttpSession & { id: string };

let stack: TestStack;
let mailbox: Mailbox;
let organiser: Signed;
let seller: Signed;
let visitor: Signed;

const CENTRE = { latitude: 51.3397, longitude: 12.3731 };
const NEAR = { latitude: 51.3401, longitude: 12.3735 };
const SWEEP_S = 1;
/** Some sweeps, and the time a mail one of them sent would take to arrive: a negative check waits this long. */
const sweepsAndDelivery = (sweeps: number) => (sweeps * SWEEP_S + 3) * 1000;
const NAME = 'Hofflohmarkt am Abend';

const call = (who: Signed | null, method: string, path: string, body?: unknown): Promise<Answer> => apiCall(stack.publicUrl, who, method, path, body);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  // The web app too: an invitation's link must open the registration page.
  stack = await startTestStack({
    webDist: WEB_DIST,
    env: { REMINDER_SWEEP_SECONDS: String(SWEEP_S), COME_BACK_SWEEP_SECONDS: String(SWEEP_S), COME_BACK_GATHER_S: '1', MAIL_RETRY_MAX_MS: '1000' },
  });
  mailbox = new Mailbox(stack.mailDir);
  [organiser, seller, visitor] = await Promise.all([
    signedInSession(stack.publicUrl, 'olga.abend@example.org', 'Olga', 'Orga'),
    signedInSession(stack.publicUrl, 'sven.abend@example.org', 'Sven', 'Seller'),
    signedInSession(stack.publicUrl, 'vera.abend@example.org', 'Vera', 'Besuch'),
  ]);
});

afterAll(async () => {
  await stack?.stop();
});

describe('the reminders of the evening before', () => {
  it('reach the visitor who asked, the approved seller and the organiser once each on the evening before, never again after a restart, and never on the day itself', async () => {
    // Close to midnight the evening would end during the run: wait for the day to begin.
    const { hour, minute } = berlinClock(new Date());
    if (hour === 23 && minute >= 57) await pause((61 - minute) * 60_000);
    const evening = berlinClock(new Date()).hour >= 18;
    // The evening's market starts the next morning; a day run's market later the same day (before 20:00).
    const start = new Date(Date.now() + (evening ? 12 : 2) * 3600_000);
    const created = await call(organiser, 'POST', '/api/events', {
      name: NAME,
      location: 'Waldstraßenviertel, Leipzig',
      startDateTime: start.toISOString(),
      endDateTime: new Date(start.getTime() + 4 * 3600_000).toISOString(),
      ...CENTRE,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const eventId = created.body.id as string;

    expect((await call(visitor, 'PUT', `/api/me/favourites/events/${eventId}?remind=true`)).status).toBe(204);
    expect((await call(visitor, 'GET', '/api/me/favourites')).body.reminders).toEqual([eventId]);
    const stand = await call(seller, 'POST', '/api/stands', {
      eventId,
      description: 'Bücher und Schallplatten aus dem Hof',
      categories: ['Bücher'],
      address: { street: 'Gustav-Adolf-Straße', houseNumber: '73b', postcode: '04105', town: 'Leipzig' },
      ...NEAR,
    });
    expect(stand.status, JSON.stringify(stand.body)).toBe(201);
    expect((await call(organiser, 'PATCH', `/api/stands/${stand.body.id}/approve-draft`)).status).toBe(200);

    if (!evening) {
      // Three sweeps see the wish and the approval; none says "Morgen" on the market's own day.
      await pause(sweepsAndDelivery(4));
      expect((await mailbox.find({ subject: /^Morgen: / })).filter((mail) => mail.subject.includes(NAME))).toEqual([]);
      return;
    }
    const [toVisitor] = await mailbox.waitFor({ to: 'vera.abend@example.org', subject: `Morgen: Flohmarkt „${NAME}“` }, 1, 60_000);
    expect(toVisitor.text).toContain('Waldstraßenviertel, Leipzig');
    expect(toVisitor.links).toContain(`${stack.publicUrl}/events/${eventId}`);
    expect(toVisitor.headers['list-unsubscribe']).toMatch(new RegExp(`^<${stack.publicUrl}/api/mail/unsubscribe/[A-Za-z0-9_-]{22}>$`));
    expect(toVisitor.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const [toSeller] = await mailbox.waitFor({ to: 'sven.abend@example.org', subject: `Morgen: dein Stand beim Flohmarkt „${NAME}“` }, 1, 60_000);
    expect(toSeller.text).toContain('Gustav-Adolf-Straße 73b, 04105 Leipzig');
    await mailbox.waitFor({ to: 'olga.abend@example.org', subject: `Morgen: dein Flohmarkt „${NAME}“` }, 1, 60_000);

    // The stands service restarts; two sweeps later nobody has a second reminder.
    stack.entries.stands = stack.group.restart(stack.entries.stands as ChildEntry);
    await until('the stands service answers again', async () => (await fetch(`${stack.publicUrl}/api/events/${eventId}/stands`)).status === 200, 60_000, 300);
    await pause(sweepsAndDelivery(3));
    const reminders = (await mailbox.find({ subject: /^Morgen: / })).filter((mail) => mail.subject.includes(NAME));
    expect(reminders.map((mail) => mail.to.join()).sort()).toEqual(['olga.abend@example.org', 'sven.abend@example.org', 'vera.abend@example.org']);
  }, 480_000);

  it('switched off, the market stays on the Merkliste without its reminder; a malformed switch is a 400', async () => {
    const start = new Date(Date.now() + 30 * 24 * 3600_000);
    const created = await call(organiser, 'POST', '/api/events', {
      name: 'Markt im nächsten Monat',
      location: 'Waldstraßenviertel, Leipzig',
      startDateTime: start.toISOString(),
      endDateTime: new Date(start.getTime() + 4 * 3600_000).toISOString(),
      ...CENTRE,
    });
    const eventId = created.body.id as string;
    expect((await call(visitor, 'PUT', `/api/me/favourites/events/${eventId}?remind=true`)).status).toBe(204);
    expect((await call(visitor, 'PUT', `/api/me/favourites/events/${eventId}?remind=false`)).status).toBe(204);
    const favourites = (await call(visitor, 'GET', '/api/me/favourites')).body;
    expect(favourites.events).toContain(eventId);
    expect(favourites.reminders).not.toContain(eventId);
    expect((await call(visitor, 'PUT', `/api/me/favourites/events/${eventId}?remind=vielleicht`)).status).toBe(400);
  });
});

describe('following an organiser and the Flohmarkt-Alarm', () => {
  it('tell the follower and the alert around the place of the new market once; an alert elsewhere hears nothing', async () => {
    const follower = await signedInSession(stack.publicUrl, 'fritz.folgt@example.org', 'Fritz', 'Folgt');
    const stranger = await signedInSession(stack.publicUrl, 'paul.fern@example.org', 'Paul', 'Fern');
    expect((await call(follower, 'PUT', `/api/me/follows/organizers/${organiser.id}`)).status).toBe(204);
    expect((await call(follower, 'PUT', `/api/me/follows/organizers/${follower.id}`)).status).toBe(400);
    expect((await call(follower, 'GET', '/api/me/follows')).body).toEqual({ organizers: [organiser.id], mailsOff: [] });
    const alert = await call(visitor, 'POST', '/api/me/alerts', { lat: CENTRE.latitude, lng: CENTRE.longitude, radiusKm: 10, label: 'Leipzig-Zentrum' });
    expect(alert.status, JSON.stringify(alert.body)).toBe(201);
    expect((await call(visitor, 'POST', '/api/me/alerts', { lat: CENTRE.latitude, lng: CENTRE.longitude, radiusKm: 80 })).status).toBe(400);
    expect((await call(stranger, 'DELETE', `/api/me/alerts/${alert.body.id}`)).status).toBe(404);
    expect((await call(stranger, 'POST', '/api/me/alerts', { lat: 52.52, lng: 13.405, radiusKm: 20, label: 'Berlin' })).status).toBe(201);

    const start = new Date(Date.now() + 10 * 24 * 3600_000);
    const created = await call(organiser, 'POST', '/api/events', {
      name: 'Neuer Hofflohmarkt im Zentrum',
      location: 'Markt, Leipzig',
      startDateTime: start.toISOString(),
      endDateTime: new Date(start.getTime() + 5 * 3600_000).toISOString(),
      ...CENTRE,
    });
    expect(created.status).toBe(201);
    const [followMail] = await mailbox.waitFor({ to: 'fritz.folgt@example.org', subject: 'Neuer Flohmarkt von Olga Orga' }, 1, 60_000);
    expect(followMail.links).toContain(`${stack.publicUrl}/events/${created.body.id}`);
    expect(followMail.headers['list-unsubscribe']).toMatch(/\/api\/mail\/unsubscribe\/[A-Za-z0-9_-]{22}>$/);
    const [alertMail] = await mailbox.waitFor({ to: 'vera.abend@example.org', subject: 'Flohmarkt-Alarm: ein Flohmarkt bei Leipzig-Zentrum' }, 1, 60_000);
    expect(alertMail.text).toContain('Neuer Hofflohmarkt im Zentrum');
    await pause(sweepsAndDelivery(3));
    expect(await mailbox.find({ to: 'fritz.folgt@example.org' })).toHaveLength(1);
    expect(await mailbox.find({ to: 'paul.fern@example.org' })).toEqual([]);
  }, 120_000);
});

/*
 * Markets that repeat: a weekly series of four is four markets with their own stands, one of them
 * cancelled alone; "Frühere Aussteller einladen" on the second date mails each approved seller of
 * the first once, with the link that opens the pre-filled registration. Another organiser in another
 * town than the tests above, so no follow or alert of theirs hears of these markets.
 */
describe('a market that repeats', () => {
  it('is one market per date, cancelled one by one, and invites the sellers of the previous date once', async () => {
    const greta = await signedInSession(stack.publicUrl, 'greta.reihe@example.org', 'Greta', 'Reihe');
    const sina = await signedInSession(stack.publicUrl, 'sina.reihe@example.org', 'Sina', 'Stand');
    const start = new Date(Date.now() + 3 * 86_400_000);
    const DRESDEN = { latitude: 51.0504, longitude: 13.7373 };
    const created = await call(greta, 'POST', '/api/events', {
      name: 'Trödelmarkt an der Elbe',
      location: 'Altstadt, 01067 Dresden',
      startDateTime: start.toISOString(),
      endDateTime: new Date(start.getTime() + 6 * 3600_000).toISOString(),
      series: { rule: 'weekly', count: 4 },
      ...DRESDEN,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const dates = (await call(null, 'GET', `/api/series/${created.body.seriesId}`)).body.events as { id: string; startDateTime: string; status: string }[];
    expect(dates).toHaveLength(4);
    expect(new Set(dates.map((d) => d.id)).size).toBe(4);
    const [first, second, third] = dates.map((d) => d.id) as [string, string, string, string];

    // Two sellers at the first date: a signed-in one and a guest with a confirmed address.
    const stand = await call(sina, 'POST', '/api/stands', {
      eventId: first,
      description: 'Porzellan und alte Postkarten',
      categories: ['Antiquitäten'],
      ...DRESDEN,
    });
    expect(stand.status, JSON.stringify(stand.body)).toBe(201);
    const guest = await call(null, 'POST', `/api/events/${first}/guest-stands`, {
      guestFirstName: 'Gisela',
      guestEmail: 'gisela.gast@example.org',
      description: 'Kinderkleidung und Spielzeug',
      categories: ['Kinderkleidung'],
      ...DRESDEN,
    });
    expect(guest.status, JSON.stringify(guest.body)).toBe(201);
    await confirmGuestAddress(mailbox, 'gisela.gast@example.org');
    for (const id of [stand.body.id, guest.body.id]) expect((await call(greta, 'PATCH', `/api/stands/${id}/approve-draft`)).status).toBe(200);
    // Each date has its own stands.
    expect((await call(null, 'GET', `/api/events/${first}/stands`)).body).toHaveLength(2);
    expect((await call(null, 'GET', `/api/events/${second}/stands`)).body).toEqual([]);

    expect((await call(greta, 'PATCH', `/api/events/${third}/cancel`, { reason: 'Stadtfest' })).status).toBe(200);
    const after = (await call(null, 'GET', `/api/series/${created.body.seriesId}`)).body.events as { status: string }[];
    expect(after.map((d) => d.status)).toEqual(['planned', 'planned', 'cancelled', 'planned']);

    const invited = await until('the stands service knows the second date', async () => {
      const answer = await call(greta, 'POST', `/api/events/${second}/invite-previous`);
      return answer.status === 404 ? null : answer;
    });
    expect(invited.body).toEqual({ invited: 2 });
    const subject = /^Neuer Termin: „Trödelmarkt an der Elbe“ am /;
    const [toSina] = await mailbox.waitFor({ to: 'sina.reihe@example.org', subject }, 1, 60_000);
    const [toGisela] = await mailbox.waitFor({ to: 'gisela.gast@example.org', subject }, 1, 60_000);
    const link = `${stack.publicUrl}/events/${second}/register-stand?from=${stand.body.id}`;
    expect(toSina.links).toContain(link);
    expect(toGisela.links).toContain(`${stack.publicUrl}/events/${second}/register-stand?from=${guest.body.id}`);
    expect(toSina.headers['list-unsubscribe']).toMatch(/\/api\/mail\/unsubscribe\/[A-Za-z0-9_-]{22}>$/);
    // The link opens the registration page, and the stand it starts from reads for its seller.
    expect((await fetch(link)).status).toBe(200);
    expect((await call(sina, 'GET', `/api/stands/${stand.body.id}`)).body).toMatchObject({
      description: 'Porzellan und alte Postkarten',
      categories: ['Antiquitäten'],
    });

    expect((await call(greta, 'POST', `/api/events/${second}/invite-previous`)).body).toEqual({ invited: 0 });
    await pause(sweepsAndDelivery(3));
    expect(await mailbox.find({ to: 'sina.reihe@example.org', subject })).toHaveLength(1);
    expect(await mailbox.find({ to: 'gisela.gast@example.org', subject })).toHaveLength(1);
  }, 180_000);
});
