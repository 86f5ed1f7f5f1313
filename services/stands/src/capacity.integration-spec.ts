import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { type DataSource } from 'typeorm';
import { API_ERRORS, type TJobPayload } from '@flohmarkt/contracts';
import { OutboxMessageEntity } from '@flohmarkt/server-kit';
import { MailOptOuts } from './notifications/opt-outs.js';
import { SettledNotices } from './notifications/settled-notices.js';
import { StandNotices } from './notifications/stand-notices.js';
import type { EventFactsReadModel } from './read-models/event-facts.js';
import { UserNamesReadModel } from './read-models/user-names.js';
import { waitlistPositions } from './stands/capacity.js';
import { StandCommands } from './stands/stand-commands.js';
import { StandEntity } from './stands/stand.entity.js';
import { withFreshStandsDatabase } from './testing/fresh-database.js';
import { atTheDom, eventsReadModel, knownUsers, newStand, specConfig } from './testing/fixtures.js';

/*
 * Capacity with a self-filling waitlist (issue 18) against a real database: registrations beyond
 * maxStands wait with their place, every freed place goes to the first waiting at once (with a
 * mail), a raised or removed cap moves the list up, and 30 registrations at once against 10 free
 * places leave exactly 10 in the running.
 */

const CONFIG = specConfig({ MAIL_SETTLE_S: 300, MAIL_CHANGE_INTERVAL_H: 6, RETENTION_DAYS: 30 });

type Facts = TJobPayload<'EventFactsChanged'>;
type Mail = TJobPayload<'MailRequested'>;

const ORGANIZER = randomUUID();

let ds: DataSource;
let events: EventFactsReadModel;
let users: UserNamesReadModel;
let commands: StandCommands;
let settled: SettledNotices;

withFreshStandsDatabase((fresh) => {
  ds = fresh.ds;
  events = eventsReadModel(ds, CONFIG);
  users = new UserNamesReadModel(ds);
  const notices = new StandNotices(CONFIG, users, new MailOptOuts(ds));
  commands = new StandCommands(ds, notices);
  settled = new SettledNotices(ds, CONFIG, notices);
});

beforeEach(async () => {
  await ds.query(
    'TRUNCATE stands.event_facts, stands.user_names, stands.stands, stands.reviews, stands.outbox, stands.approved_count_versions, stands.exhibitor_stats_versions',
  );
});

const facts = (eventId: string, version: number, maxStands: number | null): Facts =>
  atTheDom({ eventId, organizerId: ORGANIZER, name: 'Hofflohmarkt Ehrenfeld', location: 'Ehrenfeld, Köln', notifyOnRegistration: false, maxStands, version });

/** An event the read model knows, with this cap; applied like the relay would, with the waitlist filled in the same transaction. */
async function event(maxStands: number | null): Promise<string> {
  const eventId = randomUUID();
  await applyFacts(facts(eventId, 1, maxStands));
  return eventId;
}

async function applyFacts(message: Facts): Promise<void> {
  await events.apply(message, (change, m) => commands.fillWaitlist(m, change.current.id).then(() => undefined));
}

/** A registered seller with an address the read model knows. */
async function seller(): Promise<string> {
  const id = randomUUID();
  await knownUsers(users, [id, 'Sina', `Verkäufer ${id.slice(0, 4)}`, `s-${id.slice(0, 8)}@example.de`]);
  return id;
}

const form = (eventId: string, exhibitorId: string | null) =>
  newStand({ eventId, exhibitorId, description: 'Bücher und Schallplatten', guestFirstName: exhibitorId ? null : 'Gerda' });

async function statuses(eventId: string): Promise<Record<string, number>> {
  const rows = (await ds.query(`SELECT "status", count(*)::int AS "n" FROM stands.stands WHERE "event_id" = $1 GROUP BY "status"`, [eventId])) as {
    status: string;
    n: number;
  }[];
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/** The mails in the outbox once every decision has settled (an hour from now). */
async function mails(kind?: string): Promise<Mail[]> {
  await settled.sendDue(new Date(Date.now() + 3600_000));
  const rows = await ds.getRepository(OutboxMessageEntity).find({ where: { name: 'MailRequested' }, order: { id: 'ASC' } });
  return rows.map((r) => r.payload as Mail).filter((m) => !kind || m.kind === kind);
}

async function status(id: string): Promise<string> {
  return (await ds.getRepository(StandEntity).findOneByOrFail({ id })).status;
}

describe('registering beyond maxStands', () => {
  it('waits with its place (1-based, first come first served) once approved plus pending reach the cap, and tells the seller', async () => {
    const eventId = await event(2);
    const first = await commands.registerStand(form(eventId, await seller()), 2);
    await commands.approve(first.id);
    const second = await commands.registerStand(form(eventId, await seller()), 2);
    const thirdSeller = await seller();
    const third = await commands.registerStand(form(eventId, thirdSeller), 2);
    const fourth = await commands.registerGuestStand(form(eventId, null), 'gerda@example.de', 2);
    expect([first.status, second.status, third.status, fourth.stand.status]).toEqual(['pending', 'pending', 'waitlisted', 'waitlisted']);
    expect(await waitlistPositions(ds.manager, [third.id, fourth.stand.id])).toEqual(
      new Map([
        [third.id, 1],
        [fourth.stand.id, 2],
      ]),
    );
    // The signed-in seller hears their place; the guest gets the request to confirm their address first.
    const waitlisted = await mails('stand-waitlisted');
    expect(waitlisted).toHaveLength(1);
    expect(waitlisted[0].subject).toContain('1');
    expect((await mails('mail-confirmation')).map((m) => m.to)).toEqual(['gerda@example.de']);
  });

  it('has no cap without maxStands', async () => {
    const eventId = await event(null);
    for (let i = 0; i < 5; i++) expect((await commands.registerStand(form(eventId, await seller()), null)).status).toBe('pending');
  });

  it('keeps a user to one registration: a waiting one blocks a second (409)', async () => {
    const eventId = await event(1);
    await commands.registerStand(form(eventId, await seller()), 1);
    const user = await seller();
    expect((await commands.registerStand(form(eventId, user), 1)).status).toBe('waitlisted');
    await expect(commands.registerStand(form(eventId, user), 1)).rejects.toMatchObject({ code: 'CONFLICT', message: API_ERRORS.standAlreadyRegistered });
  });
});

describe('a place comes free', () => {
  async function fullEventWithList(): Promise<{ eventId: string; taken: string[]; waiting: string[] }> {
    const eventId = await event(2);
    const taken = [(await commands.registerStand(form(eventId, await seller()), 2)).id, (await commands.registerStand(form(eventId, await seller()), 2)).id];
    const waiting = [(await commands.registerStand(form(eventId, await seller()), 2)).id, (await commands.registerStand(form(eventId, await seller()), 2)).id];
    return { eventId, taken, waiting };
  }

  it('withdrawn: the first waiting moves up to pending in the same step, is mailed, and the next moves to place 1', async () => {
    const { waiting, taken } = await fullEventWithList();
    await commands.withdraw(taken[0]);
    expect(await status(waiting[0])).toBe('pending');
    expect(await status(waiting[1])).toBe('waitlisted');
    expect(await waitlistPositions(ds.manager, [waiting[1]])).toEqual(new Map([[waiting[1], 1]]));
    expect(await mails('stand-promoted')).toHaveLength(1);
  });

  it('rejected or deleted: the same; approving changes nothing on the list', async () => {
    const { eventId, taken, waiting } = await fullEventWithList();
    await commands.approve(taken[0]);
    expect(await statuses(eventId)).toEqual({ approved: 1, pending: 1, waitlisted: 2 });
    await commands.reject(taken[1], 'Kein Platz für Bücher');
    expect(await status(waiting[0])).toBe('pending');
    await commands.remove([taken[0]]);
    expect(await status(waiting[1])).toBe('pending');
    expect(await statuses(eventId)).toEqual({ pending: 2, rejected: 1 });
    expect(await mails('stand-promoted')).toHaveLength(2);
  });

  it('a guest withdrawing by the manage link frees the place too', async () => {
    const eventId = await event(1);
    const guest = await commands.registerGuestStand(form(eventId, null), null, 1);
    const waiting = await commands.registerStand(form(eventId, await seller()), 1);
    const { createHash } = await import('node:crypto');
    await commands.withdrawGuestStand(createHash('sha256').update(guest.manageToken).digest('hex'));
    expect(await status(waiting.id)).toBe('pending');
  });

  it('a raised cap moves as many up as it frees, when its facts arrive; a removed cap moves everyone up', async () => {
    const eventId = await event(1);
    await commands.registerStand(form(eventId, await seller()), 1);
    for (let i = 0; i < 4; i++) await commands.registerStand(form(eventId, await seller()), 1);
    expect(await statuses(eventId)).toEqual({ pending: 1, waitlisted: 4 });
    await applyFacts(facts(eventId, 2, 3));
    expect(await statuses(eventId)).toEqual({ pending: 3, waitlisted: 2 });
    // An older message changes nothing.
    await applyFacts(facts(eventId, 1, 10));
    expect(await statuses(eventId)).toEqual({ pending: 3, waitlisted: 2 });
    await applyFacts(facts(eventId, 3, null));
    expect(await statuses(eventId)).toEqual({ pending: 5 });
    expect(await mails('stand-promoted')).toHaveLength(4);
  });

  it('a registration that meets a raised cap before its facts arrive fills the list first, then takes what is left', async () => {
    const eventId = await event(1);
    await commands.registerStand(form(eventId, await seller()), 1);
    const waiting = await commands.registerStand(form(eventId, await seller()), 1);
    // The events service says 3 now; the read model still knows 1.
    const late = await commands.registerStand(form(eventId, await seller()), 3);
    expect(await status(waiting.id)).toBe('pending');
    expect(late.status).toBe('pending');
  });
});

describe('30 registrations at once against 10 free places', () => {
  it('leaves exactly 10 in the running and 20 waiting at the places 1 to 20', async () => {
    const eventId = await event(10);
    const sellers = await Promise.all(Array.from({ length: 15 }, () => seller()));
    // Three instances, like three processes of the service: only the database's capacity lock keeps them apart.
    const notices = new StandNotices(CONFIG, users, new MailOptOuts(ds));
    const processes = [commands, new StandCommands(ds, notices), new StandCommands(ds, notices)];
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, async (_, i) => {
        const process = processes[i % 3];
        return i % 2
          ? process.registerGuestStand(form(eventId, null), `gast${i}@example.de`, 10).then((r) => r.stand)
          : process.registerStand(form(eventId, sellers[i / 2]), 10);
      }),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(await statuses(eventId)).toEqual({ pending: 10, waitlisted: 20 });
    const waiting = await ds.getRepository(StandEntity).findBy({ eventId, status: 'waitlisted' });
    const places = [
      ...(
        await waitlistPositions(
          ds.manager,
          waiting.map((s) => s.id),
        )
      ).values(),
    ].sort((a, b) => a - b);
    expect(places).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});

describe('bulk review', () => {
  it('approves and rejects in one step, one mail each, and the freed places go to the list', async () => {
    const eventId = await event(3);
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push((await commands.registerStand(form(eventId, await seller()), 3)).id);
    const decided = await commands.review(eventId, [ids[0], ids[1]], [ids[2]], 'Doppelt angemeldet');
    expect(decided.map((s) => [s.id, s.status])).toEqual([
      [ids[0], 'approved'],
      [ids[1], 'approved'],
      [ids[2], 'rejected'],
    ]);
    expect(decided[2].rejectionReason).toBe('Doppelt angemeldet');
    expect(await mails('stand-approved')).toHaveLength(2);
    expect(await mails('stand-rejected')).toHaveLength(1);
    expect(await status(ids[3])).toBe('pending');
    // Deciding the same again sends nothing more.
    await commands.review(eventId, [ids[0]], [], null);
    expect(await mails('stand-approved')).toHaveLength(2);
  });

  it('changes nothing when one id is not a stand of the event (400) or one was withdrawn meanwhile (409)', async () => {
    const eventId = await event(null);
    const other = await event(null);
    const mine = await commands.registerStand(form(eventId, await seller()), null);
    const foreign = await commands.registerStand(form(other, await seller()), null);
    await expect(commands.review(eventId, [mine.id, foreign.id], [], null)).rejects.toMatchObject({
      code: 'VALIDATION',
      message: API_ERRORS.reviewStandsNotOfEvent,
    });
    await expect(commands.review(eventId, [mine.id, randomUUID()], [], null)).rejects.toMatchObject({ code: 'VALIDATION' });
    const gone = await commands.registerStand(form(eventId, await seller()), null);
    await commands.withdraw(gone.id);
    await expect(commands.review(eventId, [mine.id], [gone.id], null)).rejects.toMatchObject({ code: 'CONFLICT', message: API_ERRORS.reviewStandWithdrawn });
    expect(await status(mine.id)).toBe('pending');
    expect(await mails('stand-approved')).toEqual([]);
  });
});

describe('walk-up stands', () => {
  it('are approved at once and take a place, even beyond the cap', async () => {
    const eventId = await event(1);
    await commands.registerStand(form(eventId, await seller()), 1);
    const walkUp = await commands.registerWalkUpStand({ ...form(eventId, null), guestFirstName: null });
    expect(walkUp).toMatchObject({ status: 'approved', guestFirstName: null, manageTokenHash: null });
    expect(await statuses(eventId)).toEqual({ approved: 1, pending: 1 });
    expect((await commands.registerStand(form(eventId, await seller()), 1)).status).toBe('waitlisted');
  });
});
