import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { COME_BACK_MESSAGES, ZAlertCreate } from '@flohmarkt/contracts';
import { MailOptOuts } from '../notifications/opt-outs.js';
import { OptOutsController } from '../notifications/opt-outs.controller.js';
import { UserStandDataController } from '../exports-for-user/user-stand-data.controller.js';
import type { EventFactsReadModel } from '../read-models/event-facts.js';
import { PhotoStatesReadModel } from '../read-models/photo-states.js';
import { UserNamesReadModel } from '../read-models/user-names.js';
import { StandCommands } from '../stands/stand-commands.js';
import { StandPresenter } from '../stands/stand-presenter.js';
import { StandEntity } from '../stands/stand.entity.js';
import { withFreshStandsDatabase } from '../testing/fresh-database.js';
import { eventFacts, eventsReadModel, knownUsers, outboxMails, refusal, specConfig } from '../testing/fixtures.js';
import { recordNewMarket } from './come-back-news.js';
import { ComeBackMails } from './come-back-mails.js';
import { ComeBackSubscriptions } from './subscriptions.js';

/*
 * Following an organiser and the Flohmarkt-Alarm (issue 34) as their mails leave through the outbox:
 * who is told of which market, after the gathering wait, at most once a day and once per market, and
 * the German 400/404s of the subscriptions. The peers are down: names and addresses come from the read models.
 */

const CONFIG = specConfig({ COME_BACK_SWEEP_SECONDS: 30, COME_BACK_GATHER_S: 120 });

const ORGANIZER = randomUUID();
const FAN = randomUUID();
const NEIGHBOUR = randomUUID();
const FAR_AWAY = randomUUID();
const EHRENFELD = { lat: 50.9478, lng: 6.9192 };
const MINUTE = 60_000;

let ds: DataSource;
let events: EventFactsReadModel;
let users: UserNamesReadModel;
let subscriptions: ComeBackSubscriptions;
let mails: ComeBackMails;

withFreshStandsDatabase((fresh) => {
  ds = fresh.ds;
  events = eventsReadModel(ds, CONFIG);
  users = new UserNamesReadModel(ds);
  subscriptions = new ComeBackSubscriptions(ds);
  mails = new ComeBackMails(ds, CONFIG, users, new MailOptOuts(ds), new StandPresenter(users, new PhotoStatesReadModel(ds), ds, events));
});

beforeEach(async () => {
  await ds.query(
    `TRUNCATE stands.event_facts, stands.user_names, stands.stands, stands.outbox, stands.mail_opt_outs, stands.follows, stands.alerts,
     stands.come_back_news, stands.come_back_mails, stands.come_back_told, stands.items, stands.wish_news, stands.wish_told, stands.search_words`,
  );
  await knownUsers(users, [ORGANIZER, 'Olga', 'Orga', 'olga@example.de'], [FAN, 'Fritz', 'Fan', 'fritz@example.de']);
  await knownUsers(users, [NEIGHBOUR, 'Nina', 'Nachbar', 'nina@example.de'], [FAR_AWAY, 'Paul', 'Fern', 'paul@example.de']);
});

/** A market published now, as the read model first hears of it (with the news it records). */
async function published(name: string, at = { latitude: '50.95000000', longitude: '6.92500000' }, startInDays = 14): Promise<string> {
  const eventId = randomUUID();
  const start = new Date(Date.now() + startInDays * 24 * 60 * MINUTE);
  const when = { startDateTime: start.toISOString(), endDateTime: new Date(start.getTime() + 6 * 60 * MINUTE).toISOString() };
  await events.apply(eventFacts({ eventId, organizerId: ORGANIZER, ...at, ...when, name, location: 'Ehrenfeld, Köln' }), (change, manager) =>
    recordNewMarket(manager, change),
  );
  return eventId;
}

const sent = () => outboxMails(ds);

const later = (minutes: number) => new Date(Date.now() + minutes * MINUTE);

describe('follows and alerts of a user', () => {
  it('follows an organiser once however often asked, refuses oneself, a malformed id and an unknown user, and unfollows', async () => {
    await subscriptions.follow(FAN, ORGANIZER);
    await subscriptions.follow(FAN, ORGANIZER.toUpperCase());
    expect(await subscriptions.follows(FAN)).toEqual({ organizers: [ORGANIZER], mailsOff: [] });
    expect(await refusal(subscriptions.follow(FAN, FAN))).toMatchObject({ code: 'VALIDATION', message: COME_BACK_MESSAGES.followSelf });
    expect(await refusal(subscriptions.follow(FAN, 'olga'))).toMatchObject({ code: 'NOT_FOUND', message: COME_BACK_MESSAGES.organizerNotFound });
    expect(await refusal(subscriptions.follow(FAN, randomUUID()))).toMatchObject({ code: 'NOT_FOUND', message: COME_BACK_MESSAGES.organizerNotFound });
    await subscriptions.unfollow(FAN, ORGANIZER);
    await subscriptions.unfollow(FAN, ORGANIZER);
    expect(await subscriptions.follows(FAN)).toEqual({ organizers: [], mailsOff: [] });
  });

  it('keeps at most ten alerts, lists them newest first, and deletes only the owner’s', async () => {
    // As the call's schema reads the body: a category given twice is kept once.
    const first = await subscriptions.createAlert(
      NEIGHBOUR,
      ZAlertCreate.parse({ ...EHRENFELD, radiusKm: 10, label: 'Köln-Ehrenfeld', categories: ['Bücher', 'Bücher'] }),
    );
    expect(first).toMatchObject({ ...EHRENFELD, radiusKm: 10, label: 'Köln-Ehrenfeld', categories: ['Bücher'] });
    // Ten different alerts (an identical one would be the same alert again).
    for (let i = 1; i < 10; i++) await subscriptions.createAlert(NEIGHBOUR, ZAlertCreate.parse({ ...EHRENFELD, radiusKm: 10 + i }));
    expect(await refusal(subscriptions.createAlert(NEIGHBOUR, ZAlertCreate.parse({ ...EHRENFELD, radiusKm: 5 })))).toMatchObject({
      message: COME_BACK_MESSAGES.tooManyAlerts,
    });
    expect((await subscriptions.alerts(NEIGHBOUR)).at(-1)?.id).toBe(first.id);
    expect(await refusal(subscriptions.removeAlert(FAN, first.id))).toMatchObject({ code: 'NOT_FOUND', message: COME_BACK_MESSAGES.alertNotFound });
    await subscriptions.removeAlert(NEIGHBOUR, first.id);
    expect(await subscriptions.alerts(NEIGHBOUR)).toHaveLength(9);
  });

  it('keeps at most ten alerts however many are asked for at once', async () => {
    const asked = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) => subscriptions.createAlert(NEIGHBOUR, ZAlertCreate.parse({ ...EHRENFELD, radiusKm: i + 1 }))),
    );
    expect(asked.filter((a) => a.status === 'fulfilled')).toHaveLength(10);
    expect(await subscriptions.alerts(NEIGHBOUR)).toHaveLength(10);
  });

  it('keeps an alert saved again as one, also four at once and with other case and spaces, answering the one there', async () => {
    const nähmaschine = (query: string, extra: Record<string, unknown> = {}) =>
      subscriptions.createAlert(FAN, ZAlertCreate.parse({ ...EHRENFELD, radiusKm: 10, label: 'Köln-Ehrenfeld', query, ...extra }));
    const first = await nähmaschine('Nähmaschine');
    expect(await nähmaschine('Nähmaschine')).toEqual(first);
    const atOnce = await Promise.all(['Nähmaschine', 'nähmaschine', '  NÄHMASCHINE ', 'Nähmaschine'].map((q) => nähmaschine(q)));
    expect(atOnce).toEqual([first, first, first, first]);
    expect(await subscriptions.alerts(FAN)).toEqual([first]);

    // Words of two with other spacing, categories in another order: the same too.
    const pair = await nähmaschine('alte  Nähmaschine', { categories: ['Bücher', 'Spielzeug'] });
    expect(await nähmaschine(' Alte Nähmaschine', { categories: ['Spielzeug', 'Bücher'] })).toEqual(pair);

    // Another radius, other words, another point, other categories, no words: another alert each.
    const wider = await nähmaschine('Nähmaschine', { radiusKm: 20 });
    const other = await nähmaschine('Nähmaschinentisch');
    const elsewhere = await nähmaschine('Nähmaschine', { lat: 50.9479 });
    const withCategory = await nähmaschine('Nähmaschine', { categories: ['Bücher'] });
    const market = await subscriptions.createAlert(FAN, ZAlertCreate.parse({ ...EHRENFELD, radiusKm: 10 }));
    const ids = [first, pair, wider, other, elsewhere, withCategory, market].map((a) => a.id);
    expect(new Set(ids).size).toBe(7);
    expect((await subscriptions.alerts(FAN)).map((a) => a.id).sort()).toEqual([...ids].sort());

    // Identical plain alerts at once: one.
    const plain = await Promise.all(Array.from({ length: 4 }, () => subscriptions.createAlert(NEIGHBOUR, ZAlertCreate.parse({ ...EHRENFELD, radiusKm: 5 }))));
    expect(new Set(plain.map((a) => a.id)).size).toBe(1);
    expect(await subscriptions.alerts(NEIGHBOUR)).toEqual([plain[0]]);
  });

  it('answers an alert saved again also when the user has the most alerts already', async () => {
    const alerts = [];
    for (let i = 1; i <= 10; i++) alerts.push(await subscriptions.createAlert(NEIGHBOUR, ZAlertCreate.parse({ ...EHRENFELD, radiusKm: i })));
    expect(await subscriptions.createAlert(NEIGHBOUR, ZAlertCreate.parse({ ...EHRENFELD, radiusKm: 3 }))).toEqual(alerts[2]);
    expect(await subscriptions.alerts(NEIGHBOUR)).toHaveLength(10);
  });

  it('goes with its user (UserDeleted), and a deleted organiser’s followers follow nobody', async () => {
    await subscriptions.follow(FAN, ORGANIZER);
    await subscriptions.createAlert(FAN, ZAlertCreate.parse({ ...EHRENFELD, radiusKm: 10 }));
    await subscriptions.forgetUser(ORGANIZER);
    expect(await subscriptions.follows(FAN)).toEqual({ organizers: [], mailsOff: [] });
    await subscriptions.forgetUser(FAN);
    expect(await subscriptions.alerts(FAN)).toEqual([]);
  });
});

describe('the follow and alert mails', () => {
  it('tell a new market to the organiser’s followers and the alerts around it, after the gathering wait, with what else came meanwhile', async () => {
    await subscriptions.follow(FAN, ORGANIZER);
    await subscriptions.createAlert(NEIGHBOUR, ZAlertCreate.parse({ ...EHRENFELD, radiusKm: 5, label: 'Köln-Ehrenfeld' }));
    await subscriptions.createAlert(FAR_AWAY, ZAlertCreate.parse({ lat: 52.52, lng: 13.405, radiusKm: 50, label: 'Berlin' }));
    const first = await published('Hofflohmarkt Ehrenfeld');
    expect(await mails.sendDue(later(1))).toBe(0);
    const second = await published('Trödelmarkt am Bahnhof', { latitude: '50.95100000', longitude: '6.91700000' }, 21);
    expect(await mails.sendDue(later(3))).toBe(2);
    const [toFan, toNeighbour, ...more] = (await sent()).sort((a, b) => a.to.localeCompare(b.to));
    expect(more).toEqual([]);
    expect(toFan).toMatchObject({ to: 'fritz@example.de', subject: '2 neue Flohmärkte von Olga Orga', kind: 'follow-news' });
    expect(toNeighbour).toMatchObject({ to: 'nina@example.de', subject: 'Flohmarkt-Alarm: 2 Flohmärkte bei Köln-Ehrenfeld', kind: 'alert-news' });
    for (const mail of [toFan!, toNeighbour!]) {
      expect(mail.text).toContain(`https://flohmarkt.example.org/events/${first}`);
      expect(mail.text).toContain(`https://flohmarkt.example.org/events/${second}`);
      expect(mail.unsubscribeUrl).toMatch(/\/api\/mail\/unsubscribe\/[A-Za-z0-9_-]{22}$/);
    }
    expect(toNeighbour!.text).toContain('neu im Umkreis von 5 km um Köln-Ehrenfeld');
  });

  it('mails a subscription at most once a day, each market once, and later news in the next day’s mail', async () => {
    await subscriptions.follow(FAN, ORGANIZER);
    await published('Erster Markt');
    expect(await mails.sendDue(later(3))).toBe(1);
    const next = await published('Zweiter Markt');
    expect(await mails.sendDue(later(10))).toBe(0);
    expect(await mails.sendDue(later(23 * 60))).toBe(0);
    expect(await mails.sendDue(later(24 * 60 + 5))).toBe(1);
    const [, daily] = await sent();
    expect(daily!.subject).toBe('Neuer Flohmarkt von Olga Orga');
    expect(daily!.text).toContain(`/events/${next}`);
    expect(daily!.text).not.toContain('Erster Markt');
    // Sweeps of two replicas at once send nothing twice.
    expect(await Promise.all([mails.sendDue(later(49 * 60)), mails.sendDue(later(49 * 60))])).toEqual([0, 0]);
  });

  it('tells an alert with categories of a market whose newly approved stand offers one, once, naming the categories', async () => {
    const eventId = await published('Flohmarkt ohne Alarm', { latitude: '50.95000000', longitude: '6.92500000' });
    await subscriptions.createAlert(NEIGHBOUR, ZAlertCreate.parse({ ...EHRENFELD, radiusKm: 5, label: 'Köln-Ehrenfeld', categories: ['Bücher', 'Spielzeug'] }));
    const commands = new StandCommands(ds);
    const repo = ds.getRepository(StandEntity);
    const pending = (await repo.insert({ eventId, status: 'pending', categories: ['Bücher', 'Kleidung'], exhibitorId: FAN })).identifiers[0]!.id as string;
    const other = (await repo.insert({ eventId, status: 'pending', categories: ['Werkzeug'], exhibitorId: FAR_AWAY })).identifiers[0]!.id as string;
    expect(await mails.sendDue(later(3))).toBe(0);
    await commands.setStatus(other, 'approved');
    await commands.setStatus(pending, 'approved');
    expect(await mails.sendDue(later(3))).toBe(1);
    const [mail] = await sent();
    expect(mail!.text).toContain('Flohmarkt ohne Alarm');
    expect(mail!.text).toContain('(neue Stände: Bücher)');
  });

  it('leaves out a market cancelled meanwhile and sends nothing when nothing is left, or when the address opted out', async () => {
    await subscriptions.follow(FAN, ORGANIZER);
    const eventId = await published('Bald abgesagt');
    await ds.query(`UPDATE stands.event_facts SET "status" = 'cancelled' WHERE "event_id" = $1`, [eventId]);
    expect(await mails.sendDue(later(3))).toBe(0);
    await subscriptions.createAlert(NEIGHBOUR, ZAlertCreate.parse({ ...EHRENFELD, radiusKm: 5 }));
    const [alert] = await subscriptions.alerts(NEIGHBOUR);
    await ds.query(
      `INSERT INTO stands.mail_opt_outs ("token", "address", "scope", "event_id", "opted_out_at") VALUES ('tok-nina-alert-00000001', 'nina@example.de', 'alert', $1, now())`,
      [alert!.id],
    );
    await published('Nicht abgesagt');
    await mails.sendDue(later(3));
    expect((await sent()).map((m) => m.to)).toEqual(['fritz@example.de']);
  });
});

describe('a follow or alert whose mails were switched off by the mail’s link', () => {
  const tokenOf = (mail: { unsubscribeUrl?: string | null } | undefined) => mail!.unsubscribeUrl!.split('/').at(-1)!;

  it('stays listed with its mails off for the address they go to, named by its words on the link’s page, and mails again once switched back on', async () => {
    await subscriptions.follow(FAN, ORGANIZER);
    const wishAlert = await subscriptions.createAlert(
      FAN,
      ZAlertCreate.parse({ ...EHRENFELD, radiusKm: 10, label: 'Köln-Ehrenfeld', query: 'Kinderfahrrad', categories: ['Spielzeug'] }),
    );
    const market = await subscriptions.createAlert(FAN, ZAlertCreate.parse({ ...EHRENFELD, radiusKm: 5, label: 'Köln-Ehrenfeld' }));
    await published('Hofflohmarkt Ehrenfeld');
    expect(await mails.sendDue(later(3))).toBe(2);
    const [alert, follow] = (await sent()).sort((a, b) => a.kind.localeCompare(b.kind));
    expect([alert!.kind, follow!.kind]).toEqual(['alert-news', 'follow-news']);

    const optOuts = new MailOptOuts(ds);
    const page = new OptOutsController(optOuts, ds);
    await page.optOut(tokenOf(follow));
    await page.optOut(tokenOf(alert));
    expect(await subscriptions.follows(FAN)).toEqual({ organizers: [ORGANIZER], mailsOff: [ORGANIZER] });
    expect((await subscriptions.alerts(FAN)).map((a) => [a.id, a.mailsOff])).toEqual([
      [market.id, true],
      [wishAlert.id, false],
    ]);
    // Saved again, the alert answers as it is: its mails still off.
    expect(await subscriptions.createAlert(FAN, ZAlertCreate.parse({ ...EHRENFELD, radiusKm: 5, label: 'Köln-Ehrenfeld' }))).toMatchObject({
      id: market.id,
      mailsOff: true,
    });

    // A wish alert's page names its words and radius beside the place.
    const wishToken = (await optOuts.tokenFor(ds.manager, { address: 'fritz@example.de', scope: 'alert', eventId: wishAlert.id })).token;
    expect(await page.show(wishToken)).toEqual({
      scope: 'alert',
      eventName: 'Köln-Ehrenfeld',
      unsubscribed: false,
      alert: { query: 'Kinderfahrrad', radiusKm: 10 },
    });
    expect(await page.show(tokenOf(alert))).toMatchObject({ eventName: 'Köln-Ehrenfeld', unsubscribed: true, alert: { query: null, radiusKm: 5 } });

    // Nobody else switches them on; an unknown or unfollowed one is a 404.
    expect(await refusal(subscriptions.resumeAlertMails(NEIGHBOUR, market.id))).toMatchObject({ code: 'NOT_FOUND', message: COME_BACK_MESSAGES.alertNotFound });
    expect(await refusal(subscriptions.resumeFollowMails(NEIGHBOUR, ORGANIZER))).toMatchObject({
      code: 'NOT_FOUND',
      message: COME_BACK_MESSAGES.followNotFound,
    });
    expect(await refusal(subscriptions.resumeFollowMails(FAN, 'olga'))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await subscriptions.follows(FAN)).toMatchObject({ mailsOff: [ORGANIZER] });

    // Nothing goes while off; back on, the next market is mailed again (the day after the last mail).
    await published('Zweiter Markt');
    expect(await mails.sendDue(later(24 * 60 + 5))).toBe(0);
    await subscriptions.resumeFollowMails(FAN, ORGANIZER);
    await subscriptions.resumeAlertMails(FAN, market.id);
    expect(await subscriptions.follows(FAN)).toEqual({ organizers: [ORGANIZER], mailsOff: [] });
    expect((await subscriptions.alerts(FAN)).every((a) => a.mailsOff === false)).toBe(true);
    expect(await page.show(tokenOf(alert))).toMatchObject({ unsubscribed: false });
    await published('Dritter Markt');
    expect(await mails.sendDue(later(2 * 24 * 60 + 10))).toBe(2);
  });

  it('reads as on once the user’s address changed: the mails go to the new one, which switched nothing off', async () => {
    const alert = await subscriptions.createAlert(FAN, ZAlertCreate.parse({ ...EHRENFELD, radiusKm: 5 }));
    const { token } = await new MailOptOuts(ds).tokenFor(ds.manager, { address: 'fritz@example.de', scope: 'alert', eventId: alert.id });
    await new MailOptOuts(ds).optOut(token);
    expect((await subscriptions.alerts(FAN))[0]!.mailsOff).toBe(true);
    await users.apply({ userId: FAN, firstName: 'Fritz', lastName: 'Fan', email: 'fritz@neu.example.de', profilePublic: true, version: 2 });
    expect((await subscriptions.alerts(FAN))[0]!.mailsOff).toBe(false);
  });
});

describe('the wish alerts (Suchauftrag)', () => {
  /** 3 km north of EHRENFELD. */
  const THREE_KM_AWAY = { latitude: '50.97480000', longitude: '6.91920000' };
  /** About 30 km north of EHRENFELD. */
  const THIRTY_KM_AWAY = { latitude: '51.21780000', longitude: '6.91920000' };

  async function stand(
    eventId: string,
    fields: { exhibitorId: string; status?: 'approved' | 'pending'; standNumber?: string; latitude?: string; longitude?: string },
  ): Promise<string> {
    const repo = ds.getRepository(StandEntity);
    const { status = 'approved', ...columns } = fields;
    const id = (await repo.insert({ eventId, status: 'pending', categories: ['Spielzeug'], ...columns })).identifiers[0]!.id as string;
    if (status === 'approved') await new StandCommands(ds).setStatus(id, 'approved');
    return id;
  }

  /** An item listed as any writer lists it: a row in `items` (the triggers do the rest). */
  async function listed(standId: string, title: string, price: { kind: string; cents: number | null } = { kind: 'fixed', cents: 2000 }, status = 'available') {
    const [{ id }] = (await ds.query(
      `INSERT INTO stands.items ("stand_id", "title", "price_kind", "price_cents", "category", "status") VALUES ($1, $2, $3, $4, 'Spielzeug', $5) RETURNING "id"`,
      [standId, title, price.kind, price.cents, status],
    )) as { id: string }[];
    return id;
  }

  const wish = (userId: string, query: string, extra: Record<string, unknown> = {}) =>
    subscriptions.createAlert(userId, ZAlertCreate.parse({ ...EHRENFELD, radiusKm: 10, label: 'Köln-Ehrenfeld', query, ...extra }));

  it('tells of a new matching item 3 km away after the gathering wait, with price and stand link, and a second match a day later', async () => {
    // Created before the market and with a category its stand offers: still no market news for a wish alert.
    await wish(FAN, 'Kinderfahrräder', { categories: ['Spielzeug'] });
    const eventId = await published('Flohmarkt am Rathaus');
    const standId = await stand(eventId, { exhibitorId: NEIGHBOUR, standNumber: '12', ...THREE_KM_AWAY });
    await listed(standId, 'Kinderfahrrad');
    expect(await mails.sendDue(later(1))).toBe(0);
    expect(await mails.sendDue(later(3))).toBe(1);
    const [mail, ...others] = await sent();
    expect(others).toEqual([]);
    expect(mail).toMatchObject({ to: 'fritz@example.de', subject: 'Neue Angebote für „Kinderfahrräder“ in deiner Nähe', kind: 'wish-news' });
    expect(mail!.text).toContain(`Kinderfahrrad, 20\u00a0€ – Stand #12, Flohmarkt am Rathaus, `);
    expect(mail!.text).toContain(`: https://flohmarkt.example.org/stands/${standId}`);
    expect(mail!.text).toContain('https://flohmarkt.example.org/settings');
    expect(mail!.unsubscribeUrl).toMatch(/\/api\/mail\/unsubscribe\/[A-Za-z0-9_-]{22}$/);

    await listed(standId, 'Kinderfahrrad mit Stützrädern', { kind: 'negotiable', cents: 1500 });
    expect(await mails.sendDue(later(10))).toBe(0);
    expect(await mails.sendDue(later(23 * 60))).toBe(0);
    expect(await mails.sendDue(later(24 * 60 + 5))).toBe(1);
    const [, daily] = await sent();
    expect(daily!.text).toContain('Kinderfahrrad mit Stützrädern, VB 15\u00a0€ – Stand #12');
    expect(daily!.text).not.toContain('Kinderfahrrad, 20');
  });

  it('waits for a pending stand’s approval, and tells nothing of a market 30 km away, a sold item, the owner’s own item, or to a plain alert', async () => {
    await wish(FAN, 'Kinderfahrrad');
    const near = await published('Flohmarkt nebenan');
    const far = await published('Flohmarkt weit weg', THIRTY_KM_AWAY);
    // Created after the markets: a plain alert near them would only hear of items, which it must not.
    await subscriptions.createAlert(NEIGHBOUR, ZAlertCreate.parse({ ...EHRENFELD, radiusKm: 50 }));
    const pending = await stand(near, { exhibitorId: FAR_AWAY, status: 'pending' });
    await listed(pending, 'Kinderfahrrad blau');
    await listed(await stand(far, { exhibitorId: FAR_AWAY }), 'Kinderfahrrad rot');
    await listed(await stand(near, { exhibitorId: FAN }), 'Kinderfahrrad grün');
    const other = await stand(near, { exhibitorId: NEIGHBOUR });
    await listed(other, 'Kinderfahrrad gelb', { kind: 'free', cents: null }, 'sold');
    await listed(other, 'Puppenhaus');
    expect(await mails.sendDue(later(3))).toBe(0);

    await new StandCommands(ds).setStatus(pending, 'approved');
    expect(await mails.sendDue(later(6))).toBe(1);
    const [mail, ...others] = await sent();
    expect(others).toEqual([]);
    expect(mail!.to).toBe('fritz@example.de');
    // Without a number the stand is named as its public read names it.
    expect(mail!.text).toContain('Kinderfahrrad blau, 20\u00a0€ – Paul F., Flohmarkt nebenan');
    for (const untold of ['rot', 'grün', 'gelb', 'Puppenhaus']) expect(mail!.text).not.toContain(untold);
  });

  it('keeps a word as written beside the search’s typo correction: „Tasse“ is no „Taste“ once a cup is listed', async () => {
    const standId = await stand(await published('Flohmarkt nebenan'), { exhibitorId: NEIGHBOUR });
    // The vocabulary knows „Taste“ (one typo from „Tasse“) but no cup yet: the search would read „Tasse“ as „Taste“.
    await listed(standId, 'Taste');
    await wish(FAN, 'Tasse');
    await listed(standId, 'Tasse mit Untertasse');
    expect(await mails.sendDue(later(3))).toBe(1);
    const [mail] = await sent();
    expect(mail!.text).toContain('Tasse mit Untertasse, 20');
    // Listed before the alert: no news.
    expect(mail!.text).not.toContain('Taste, 20');
  });

  it('sends nothing when every match was sold meanwhile', async () => {
    await wish(FAN, 'Kinderfahrrad');
    const standId = await stand(await published('Flohmarkt nebenan'), { exhibitorId: NEIGHBOUR });
    const itemId = await listed(standId, 'Kinderfahrrad');
    await ds.query(`UPDATE stands.items SET "status" = 'sold' WHERE "id" = $1`, [itemId]);
    expect(await mails.sendDue(later(3))).toBe(0);
    expect(await sent()).toEqual([]);
  });

  it('refuses words with nothing to search for, shows the words in the list and the export, and forgets its news with the alert or user', async () => {
    expect(ZAlertCreate.safeParse({ ...EHRENFELD, radiusKm: 10, query: 'a' }).error?.issues[0]?.message).toBe(COME_BACK_MESSAGES.alertQueryInvalid);
    expect(await refusal(wish(FAN, 'und die'))).toMatchObject({ code: 'VALIDATION', message: COME_BACK_MESSAGES.alertQueryInvalid });
    expect(await subscriptions.alerts(FAN)).toEqual([]);

    const alert = await wish(FAN, 'Kinderfahrräder');
    expect(alert).toMatchObject({ query: 'Kinderfahrräder', radiusKm: 10, label: 'Köln-Ehrenfeld' });
    const exported = await new UserStandDataController(ds, subscriptions).read(FAN);
    expect(exported.alerts).toEqual([alert]);
    const blank = await subscriptions.createAlert(FAN, ZAlertCreate.parse({ ...EHRENFELD, radiusKm: 5, query: '  ' }));
    expect(blank.query).toBeNull();
    await subscriptions.removeAlert(FAN, blank.id);

    const standId = await stand(await published('Flohmarkt nebenan'), { exhibitorId: NEIGHBOUR });
    await listed(standId, 'Kinderfahrrad');
    const news = () => ds.query(`SELECT count(*)::int AS n FROM stands.wish_news WHERE "alert_id" = $1`, [alert.id]) as Promise<{ n: number }[]>;
    expect(await news()).toEqual([{ n: 1 }]);
    await subscriptions.removeAlert(FAN, alert.id);
    expect(await news()).toEqual([{ n: 0 }]);

    const again = await wish(FAN, 'Kinderfahrrad');
    await listed(standId, 'Kinderfahrrad klein');
    expect(await mails.sendDue(later(3))).toBe(1);
    await subscriptions.forgetUser(FAN);
    const [left] = (await ds.query(
      `SELECT (SELECT count(*) FROM stands.wish_told WHERE "alert_id" = $1)::int + (SELECT count(*) FROM stands.wish_news WHERE "alert_id" = $1)::int AS n`,
      [again.id],
    )) as { n: number }[];
    expect(left).toEqual({ n: 0 });
  });
});
