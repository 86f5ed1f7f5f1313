import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, MARKET_DAY_MESSAGES, SCREENS } from '@flohmarkt/contracts';
import { apiCall, signedInSession, type Answer } from './support/api-call.js';
import { type HttpSession } from './support/browser-session.js';
import { Mailbox, type ReceivedMail } from './support/mailbox.js';
import { startTestStack, type TestStack } from './support/stack.js';
import { until } from './support/until.js';

/*
 * Issue 36, a market day that runs itself, through the whole stack as its people meet it.
 *
 * Reconfirmation: a market three hours ahead, full with two approved sellers and a third on the
 * waitlist, asks "Bist du dabei?" 72 hours before (long past) with a deadline 2 hours before: both
 * sellers get the mail at once, not at the next minute's sweep. The ja/nein links of the mail work
 * without signing in; "nein" frees the place for the first on the waitlist, and the old link cannot
 * take it back. The third, approved after the ask time, is asked at once too; the organiser's one
 * reminder reaches her, and her first mail's link still answers.
 *
 * The team: a helper joins by code, checks stands in and out, enters a walk-up stand and reads the day
 * list without any e-mail address; everything else of the organiser's is refused. Two ticks of one
 * stand that arrive out of order (an offline phone syncing late) end at the later tick, whichever
 * arrives first. A co-organiser edits the market but cannot cancel or delete it, nor manage the team.
 * From the start, a stand ticked "nicht da" reads as `liveState: 'absent'` to the public.
 */

type Signed = HttpSession & { id: string };

let stack: TestStack;
let mailbox: Mailbox;
let organiser: Signed;
let anna: Signed;
let bernd: Signed;
let carla: Signed;
let helper: Signed;
let coOrganiser: Signed;

const HOUR = 3600_000;
// Leipzig: the markets in the Waldstraßenviertel, every stand a few dozen metres away.
const CENTRE = { latitude: 51.3397, longitude: 12.3731 };
const NEAR = { latitude: 51.3401, longitude: 12.3735 };
const EMAILS = {
  organiser: 'olga.markttag@example.org',
  anna: 'anna.markttag@example.org',
  bernd: 'bernd.markttag@example.org',
  carla: 'carla.markttag@example.org',
  helper: 'hanna.markttag@example.org',
  coOrganiser: 'conrad.markttag@example.org',
};
const RECONFIRMATION = { enabled: true, askHoursBefore: 72, deadlineHoursBefore: 2 };
const WALK_UP = { description: 'Spontan mit Kuchen und Kaffee', categories: ['Verschiedenes'] };
/** A question's mail, not the reminder's ("Erinnerung: Bist du dabei? …"). */
const QUESTION = /^Bist du dabei\? /;

const call = (who: Signed | null, method: string, path: string, body?: unknown): Promise<Answer> => apiCall(stack.publicUrl, who, method, path, body);

/** A call that must answer `status`; answers its body. */
async function expectStatus(status: number, answer: Promise<Answer>): Promise<Answer['body']> {
  const { status: got, body } = await answer;
  expect(got, JSON.stringify(body)).toBe(status);
  return body;
}

/** A refusal with its exact German sentence. */
async function expectRefused(status: number, message: string, answer: Promise<Answer>): Promise<void> {
  expect(await answer).toEqual({ status, body: { message } });
}

const marketBody = (name: string, startsInHours: number, extra: Record<string, unknown> = {}) => {
  const start = new Date(Date.now() + startsInHours * HOUR);
  return {
    name,
    location: 'Waldstraßenviertel, Leipzig',
    startDateTime: start.toISOString(),
    endDateTime: new Date(start.getTime() + 5 * HOUR).toISOString(),
    ...CENTRE,
    ...extra,
  };
};

async function newMarket(name: string, startsInHours: number, extra: Record<string, unknown> = {}): Promise<string> {
  return (await expectStatus(201, call(organiser, 'POST', '/api/events', marketBody(name, startsInHours, extra)))).id as string;
}

/** The seller's registration: its answer (pending, or waitlisted at a full market). */
function register(seller: Signed, eventId: string): Promise<{ id: string; status: string }> {
  return expectStatus(
    201,
    call(seller, 'POST', '/api/stands', { eventId, description: 'Bücher, Geschirr und Kinderkleidung', categories: ['Bücher'], ...NEAR }),
  );
}

async function approve(standId: string): Promise<void> {
  await expectStatus(200, call(organiser, 'PATCH', `/api/stands/${standId}/approve-draft`));
}

/** A new invite of the organiser's to the market's team; answers its code. */
async function invite(eventId: string, role: 'helper' | 'co-organizer'): Promise<string> {
  const created = await expectStatus(
    201,
    call(organiser, 'POST', `/api/events/${eventId}/team-invites`, { role, expiresAt: new Date(Date.now() + 48 * HOUR).toISOString() }),
  );
  expect(created.code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
  expect(created.url).toBe(`${stack.publicUrl}/team/${created.code}`);
  return created.code as string;
}

/** The day list as `who` reads it; a new member's rights reach the stands service's read of the market a moment after joining. */
async function marketDay(who: Signed, eventId: string): Promise<Answer['body']> {
  return until(`the market day for ${who.id}`, async () => {
    const answer = await call(who, 'GET', `/api/events/${eventId}/market-day`);
    return answer.status === 200 ? answer.body : null;
  });
}

const standOf = (day: Answer['body'], standId: string) => (day.stands as { id: string }[]).find((s) => s.id === standId) as Record<string, unknown>;

/** The token of a "Bist du dabei?" mail: its ja and nein links name the same one, at the web page `/dabei/{token}`. */
function tokenOf(mail: ReceivedMail): string {
  const link = (answer: 'ja' | 'nein') => {
    const found = mail.links.find((l) => l.startsWith(`${stack.publicUrl}/dabei/`) && l.endsWith(`?antwort=${answer}`));
    expect(found, `${answer} link in ${mail.links.join('\n')}`).toBeDefined();
    return new URL(found as string);
  };
  const [yes, no] = [link('ja'), link('nein')];
  expect(yes.pathname).toBe(no.pathname);
  return decodeURIComponent(yes.pathname.slice('/dabei/'.length));
}

beforeAll(async () => {
  stack = await startTestStack({ env: { MAIL_RETRY_MAX_MS: '1000' } });
  mailbox = new Mailbox(stack.mailDir);
  [organiser, anna, bernd, carla, helper, coOrganiser] = await Promise.all([
    signedInSession(stack.publicUrl, EMAILS.organiser, 'Olga', 'Orga'),
    signedInSession(stack.publicUrl, EMAILS.anna, 'Anna', 'Amsel'),
    signedInSession(stack.publicUrl, EMAILS.bernd, 'Bernd', 'Bach'),
    signedInSession(stack.publicUrl, EMAILS.carla, 'Carla', 'Clausen'),
    signedInSession(stack.publicUrl, EMAILS.helper, 'Hanna', 'Helfer'),
    signedInSession(stack.publicUrl, EMAILS.coOrganiser, 'Conrad', 'Mitorga'),
  ]);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('"Bist du dabei?" before the day', () => {
  it('asks both sellers at once; "ja" confirms, "nein" frees the place for the first on the waitlist, and the old link cannot take it back', async () => {
    const eventId = await newMarket('Hofflohmarkt am Kanal', 3, { maxStands: 2, reconfirmation: RECONFIRMATION });
    expect((await expectStatus(200, call(null, 'GET', `/api/events/${eventId}`))).reconfirmation).toEqual(RECONFIRMATION);
    const annas = await register(anna, eventId);
    const bernds = await register(bernd, eventId);
    const carlas = await register(carla, eventId);
    expect([annas.status, bernds.status, carlas.status]).toEqual(['pending', 'pending', 'waitlisted']);
    await approve(annas.id);
    await approve(bernds.id);

    // At once: the ask time (72 hours before) has long passed, the deadline (2 hours before) is an hour away.
    const [toAnna] = await mailbox.waitFor({ to: EMAILS.anna, subject: QUESTION }, 1, 30_000);
    const [toBernd] = await mailbox.waitFor({ to: EMAILS.bernd, subject: QUESTION }, 1, 30_000);
    expect(toAnna.subject).toContain('Hofflohmarkt am Kanal');
    expect(toAnna.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const [annasToken, berndsToken] = [tokenOf(toAnna), tokenOf(toBernd)];
    expect(annasToken).not.toBe(berndsToken);
    expect(await mailbox.find({ to: EMAILS.carla, subject: QUESTION })).toEqual([]);

    // Opening a link changes nothing (mail scanners open links): the stand is still asked.
    for (let i = 0; i < 2; i++) {
      expect(await expectStatus(200, call(null, 'GET', `/api/confirmations/${annasToken}`))).toMatchObject({
        standId: annas.id,
        status: 'approved',
        confirmation: 'asked',
        event: { id: eventId, name: 'Hofflohmarkt am Kanal' },
      });
    }
    const asked = await marketDay(organiser, eventId);
    expect(asked).toMatchObject({ role: 'organizer', reconfirmation: RECONFIRMATION, counts: { approved: 2, open: 2, confirmed: 0, released: 0 } });

    // "ja", without signing in; the same answer again changes nothing.
    for (let i = 0; i < 2; i++) {
      expect(await expectStatus(200, call(null, 'POST', `/api/confirmations/${annasToken}`, { answer: 'yes' }))).toMatchObject({
        standId: annas.id,
        status: 'approved',
        confirmation: 'confirmed',
      });
    }
    expect(standOf(await marketDay(organiser, eventId), annas.id)).toMatchObject({ status: 'approved', confirmation: 'confirmed' });

    // "nein": the place is free at once and the first on the waitlist moves up, as after a withdrawal.
    expect(await expectStatus(200, call(null, 'POST', `/api/confirmations/${berndsToken}`, { answer: 'no' }))).toMatchObject({
      standId: bernds.id,
      status: 'released',
      confirmation: 'released',
    });
    const review = (await expectStatus(200, call(organiser, 'GET', `/api/events/${eventId}/draft-stands?status=pending`))) as { id: string; status: string }[];
    expect(review.map((s) => [s.id, s.status])).toEqual([[carlas.id, 'pending']]);
    expect(await expectStatus(200, call(organiser, 'GET', `/api/events/${eventId}/draft-stands?status=waitlisted`))).toEqual([]);
    const after = await marketDay(organiser, eventId);
    expect(standOf(after, bernds.id)).toMatchObject({ status: 'released', confirmation: 'released' });
    expect(after.counts).toMatchObject({ approved: 1, confirmed: 1, open: 0, released: 1 });
    await mailbox.waitForOne({ to: EMAILS.bernd, subject: /^Dein Platz beim Flohmarkt .* ist freigegeben$/ }, 30_000);
    // The seller still sees the stand among their own, as given up.
    const mine = (await expectStatus(200, call(bernd, 'GET', `/api/stands/user/${bernd.id}`))) as { id: string; status: string }[];
    expect(mine.find((s) => s.id === bernds.id)?.status).toBe('released');

    // The old link cannot take the place back.
    await expectRefused(409, MARKET_DAY_MESSAGES.confirmationReleased, call(null, 'POST', `/api/confirmations/${berndsToken}`, { answer: 'yes' }));
    await expectRefused(400, MARKET_DAY_MESSAGES.invalidAnswer, call(null, 'POST', `/api/confirmations/${annasToken}`, { answer: 'vielleicht' }));
    await expectRefused(404, MARKET_DAY_MESSAGES.confirmationNotFound, call(null, 'GET', `/api/confirmations/${annasToken.slice(1)}x`));

    // Approved after the ask time, the one who moved up is asked at once too; the organiser's one reminder reaches her,
    // and the first mail's link still answers after it.
    await approve(carlas.id);
    const [toCarla] = await mailbox.waitFor({ to: EMAILS.carla, subject: QUESTION }, 1, 30_000);
    expect(await expectStatus(200, call(organiser, 'POST', `/api/events/${eventId}/confirmations/remind`))).toEqual({ reminded: 1 });
    await expectRefused(409, MARKET_DAY_MESSAGES.remindedAlready, call(organiser, 'POST', `/api/events/${eventId}/confirmations/remind`));
    await mailbox.waitForOne({ to: EMAILS.carla, subject: /^Erinnerung: Bist du dabei\? / }, 30_000);
    expect((await marketDay(organiser, eventId)).remindedAt).toEqual(expect.any(String));
    expect(await expectStatus(200, call(null, 'POST', `/api/confirmations/${tokenOf(toCarla)}`, { answer: 'yes' }))).toMatchObject({
      standId: carlas.id,
      confirmation: 'confirmed',
    });
  }, 180_000);
});

describe('the team on the day', () => {
  it('a helper invited by code checks stands in and out and enters walk-ups, sees no e-mail address, and is refused everything else', async () => {
    const eventId = await newMarket('Hofflohmarkt im Waldstraßenviertel', 3);
    const annas = await register(anna, eventId);
    await approve(annas.id);
    const bernds = await register(bernd, eventId);

    const code = await invite(eventId, 'helper');
    expect(await expectStatus(200, call(helper, 'GET', `/api/team-invites/${code}`))).toMatchObject({
      code,
      role: 'helper',
      event: { id: eventId, name: 'Hofflohmarkt im Waldstraßenviertel' },
    });
    expect(await expectStatus(200, call(helper, 'POST', `/api/team-invites/${code}/accept`))).toEqual({ eventId, role: 'helper' });
    const myEvents = (await expectStatus(200, call(helper, 'GET', '/api/me/events'))) as { id: string; teamRole?: string | null }[];
    expect(myEvents.find((e) => e.id === eventId)?.teamRole).toBe('helper');

    // In and out (a minute apart, both in the past: ticked on the phone a moment ago).
    const tick = (who: Signed, standId: string, state: string, at: number) =>
      call(who, 'PATCH', `/api/stands/${standId}/check-in`, { state, at: new Date(at).toISOString() });
    const now = Date.now();
    expect(await expectStatus(200, tick(helper, annas.id, 'present', now - 60_000))).toMatchObject({ standId: annas.id, state: 'present' });
    expect(await expectStatus(200, tick(helper, annas.id, 'absent', now - 30_000))).toMatchObject({ standId: annas.id, state: 'absent' });
    const walkUp = await expectStatus(201, call(helper, 'POST', `/api/events/${eventId}/walk-up-stands`, WALK_UP));
    expect(walkUp).toMatchObject({ status: 'approved', exhibitorId: null });

    const day = await marketDay(helper, eventId);
    // The walk-up's seller stands there as it is entered: "Da" at once, by the helper.
    expect(day).toMatchObject({ eventId, role: 'helper', counts: { approved: 2, absent: 1, present: 1, unknown: 0, walkUps: 1 } });
    expect(standOf(day, annas.id)).toMatchObject({ checkIn: 'absent', checkInAt: new Date(now - 30_000).toISOString(), walkUp: false });
    expect(standOf(day, walkUp.id)).toMatchObject({ checkIn: 'present', walkUp: true });
    expect(standOf(day, bernds.id), 'a pending stand is not on the day list').toBeUndefined();
    expect(JSON.stringify(day)).not.toContain('@');
    // Before the start a stand ticked "nicht da" is not yet greyed out for the public.
    expect((await expectStatus(200, call(null, 'GET', `/api/stands/${annas.id}`))).liveState).toBeNull();

    // Everything else is the organiser's: approving and rejecting (a pending stand the helper does not even see),
    // the market, its team, the overview with the sellers' contacts, the reminder.
    await expectRefused(403, API_ERRORS.forbidden, call(helper, 'PATCH', `/api/stands/${annas.id}/approve-draft`));
    await expectRefused(403, API_ERRORS.forbidden, call(helper, 'PATCH', `/api/stands/${annas.id}/reject`, { reason: 'Kein Platz.' }));
    await expectRefused(404, API_ERRORS.standNotFound, call(helper, 'PATCH', `/api/stands/${bernds.id}/approve-draft`));
    await expectRefused(
      403,
      SCREENS.eventEditForbidden,
      call(helper, 'PUT', `/api/events/${eventId}`, marketBody('Hofflohmarkt im Waldstraßenviertel', 3, { description: 'Von der Helferin geändert.' })),
    );
    await expectRefused(403, API_ERRORS.eventCancelForbidden, call(helper, 'PATCH', `/api/events/${eventId}/cancel`, { reason: 'Regen.' }));
    await expectRefused(
      403,
      MARKET_DAY_MESSAGES.teamForbidden,
      call(helper, 'POST', `/api/events/${eventId}/team-invites`, { role: 'helper', expiresAt: new Date(Date.now() + HOUR).toISOString() }),
    );
    await expectRefused(403, MARKET_DAY_MESSAGES.teamForbidden, call(helper, 'GET', `/api/events/${eventId}/team`));
    await expectRefused(403, API_ERRORS.standManagementForbidden, call(helper, 'GET', `/api/events/${eventId}/stand-overview`));
    expect((await call(helper, 'GET', `/api/events/${eventId}/stands.csv`)).status).toBe(403);
    await expectRefused(403, API_ERRORS.standManagementForbidden, call(helper, 'POST', `/api/events/${eventId}/confirmations/remind`));
    expect((await expectStatus(200, call(null, 'GET', `/api/events/${eventId}`))).status).toBe('planned');

    // A revoked invite is gone (410), a code nobody was given unknown (404). The helper, whom it could
    // give nothing more, still sees what it was for: an old link leads a member to the market.
    const revoked = await invite(eventId, 'helper');
    await expectStatus(204, call(organiser, 'DELETE', `/api/events/${eventId}/team-invites/${revoked}`));
    await expectRefused(410, MARKET_DAY_MESSAGES.inviteRevoked, call(coOrganiser, 'GET', `/api/team-invites/${revoked}`));
    expect((await expectStatus(200, call(helper, 'GET', `/api/team-invites/${revoked}`))).event.id).toBe(eventId);
    await expectRefused(410, MARKET_DAY_MESSAGES.inviteRevoked, call(coOrganiser, 'POST', `/api/team-invites/${revoked}/accept`));
    await expectRefused(404, MARKET_DAY_MESSAGES.inviteNotFound, call(coOrganiser, 'GET', '/api/team-invites/ZZZZZZ'));
    const team = await expectStatus(200, call(organiser, 'GET', `/api/events/${eventId}/team`));
    expect(team.members).toEqual([expect.objectContaining({ userId: helper.id, role: 'helper', firstName: 'Hanna' })]);
    expect(team.invites.map((i: { code: string }) => i.code)).not.toContain(revoked);
    expect(JSON.stringify(team)).not.toContain('@');

    // Removed from the team, the helper's rights end at once.
    await expectStatus(204, call(organiser, 'DELETE', `/api/events/${eventId}/team/${helper.id}`));
    await expectRefused(403, MARKET_DAY_MESSAGES.marketDayForbidden, tick(helper, annas.id, 'present', Date.now()));
  }, 180_000);

  it('two ticks of one stand arriving out of order end at the later tick, whichever arrives first', async () => {
    const eventId = await newMarket('Trödel am Kanal', 3);
    await invite(eventId, 'helper').then((code) => expectStatus(200, call(helper, 'POST', `/api/team-invites/${code}/accept`)));
    // Registered stands, not walk-ups: a walk-up is ticked "Da" as it is entered, later than these ticks of a minute ago.
    const [first, second] = [await register(anna, eventId), await register(bernd, eventId)];
    await approve(first.id);
    await approve(second.id);
    const t1 = new Date(Date.now() - 120_000).toISOString();
    const t2 = new Date(Date.now() - 60_000).toISOString();
    const tick = (who: Signed, standId: string, state: string, at: string) => call(who, 'PATCH', `/api/stands/${standId}/check-in`, { state, at });

    // The later tick arrives first; the earlier one, synced late, changes nothing and learns the state that holds.
    expect(await expectStatus(200, tick(helper, first.id, 'present', t2))).toEqual({ standId: first.id, state: 'present', at: t2 });
    expect(await expectStatus(200, tick(organiser, first.id, 'absent', t1))).toEqual({ standId: first.id, state: 'present', at: t2 });
    // In order: the later tick wins as well.
    expect(await expectStatus(200, tick(organiser, second.id, 'absent', t1))).toEqual({ standId: second.id, state: 'absent', at: t1 });
    expect(await expectStatus(200, tick(helper, second.id, 'present', t2))).toEqual({ standId: second.id, state: 'present', at: t2 });

    const day = await marketDay(helper, eventId);
    for (const stand of [first, second]) expect(standOf(day, stand.id)).toMatchObject({ checkIn: 'present', checkInAt: t2 });
  }, 120_000);

  it('from the start, a stand ticked "nicht da" reads as absent to the public; one that is there keeps its own live state', async () => {
    const eventId = await newMarket('Flohmarkt läuft schon', -1, { maxStands: 5 });
    const away = await expectStatus(201, call(organiser, 'POST', `/api/events/${eventId}/walk-up-stands`, WALK_UP));
    const there = await expectStatus(201, call(organiser, 'POST', `/api/events/${eventId}/walk-up-stands`, WALK_UP));
    await expectStatus(200, call(organiser, 'PATCH', `/api/stands/${away.id}/check-in`, { state: 'absent', at: new Date().toISOString() }));
    await expectStatus(200, call(organiser, 'PATCH', `/api/stands/${there.id}/check-in`, { state: 'present', at: new Date().toISOString() }));
    expect((await expectStatus(200, call(null, 'GET', `/api/stands/${away.id}`))).liveState).toBe('absent');
    expect((await expectStatus(200, call(null, 'GET', `/api/stands/${there.id}`))).liveState).toBeNull();
    const list = (await expectStatus(200, call(null, 'GET', `/api/events/${eventId}/stands`))) as { id: string; liveState: string | null }[];
    expect(list.find((s) => s.id === away.id)?.liveState).toBe('absent');
    // A place freed that way counts as free on the day view: five places, one taken by the stand that is there.
    expect((await marketDay(organiser, eventId)).counts).toMatchObject({ approved: 2, present: 1, absent: 1, freePlaces: 4 });
  }, 120_000);
});

describe('a co-organiser', () => {
  it('edits the market and reviews its stands, but cannot cancel or delete it nor manage its team', async () => {
    const created = marketBody('Hofflohmarkt mit Mitorga', 24 * 5);
    const eventId = (await expectStatus(201, call(organiser, 'POST', '/api/events', created))).id as string;
    const code = await invite(eventId, 'co-organizer');
    expect(await expectStatus(200, call(coOrganiser, 'POST', `/api/team-invites/${code}/accept`))).toEqual({ eventId, role: 'co-organizer' });

    const edited = { ...created, description: 'Jetzt mit Kuchenstand im Hof der Schule.' };
    expect(await expectStatus(200, call(coOrganiser, 'PUT', `/api/events/${eventId}`, edited))).toMatchObject({
      id: eventId,
      organizerId: organiser.id,
      description: 'Jetzt mit Kuchenstand im Hof der Schule.',
    });
    const pending = await register(bernd, eventId);
    expect(await expectStatus(200, call(coOrganiser, 'PATCH', `/api/stands/${pending.id}/approve-draft`))).toMatchObject({ status: 'approved' });

    await expectRefused(403, API_ERRORS.eventCancelForbidden, call(coOrganiser, 'PATCH', `/api/events/${eventId}/cancel`, { reason: 'Regen.' }));
    await expectRefused(403, API_ERRORS.forbidden, call(coOrganiser, 'DELETE', `/api/events/${eventId}`));
    await expectRefused(
      403,
      MARKET_DAY_MESSAGES.teamForbidden,
      call(coOrganiser, 'POST', `/api/events/${eventId}/team-invites`, { role: 'helper', expiresAt: new Date(Date.now() + HOUR).toISOString() }),
    );
    await expectRefused(403, MARKET_DAY_MESSAGES.teamForbidden, call(coOrganiser, 'DELETE', `/api/events/${eventId}/team-invites/${code}`));
    expect((await expectStatus(200, call(null, 'GET', `/api/events/${eventId}`))).status).toBe('planned');

    // The team as a co-organiser sees it: the members, never the open invites.
    const team = await expectStatus(200, call(coOrganiser, 'GET', `/api/events/${eventId}/team`));
    expect(team).toEqual({ eventId, members: [expect.objectContaining({ userId: coOrganiser.id, role: 'co-organizer' })], invites: [] });
    expect((await marketDay(coOrganiser, eventId)).role).toBe('co-organizer');
  }, 120_000);
});
