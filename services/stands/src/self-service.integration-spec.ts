import 'reflect-metadata';
import { createHash, randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { type DataSource } from 'typeorm';
import { API_ERRORS, type TJobPayload, type TStandStatus } from '@flohmarkt/contracts';
import { OutboxMessageEntity } from '@flohmarkt/server-kit';
import { ReviewEntity } from './reviews/review.entity.js';
import { manageTokenHash } from './stands/guest-manage-token.js';
import { eventListStatuses, userListStatuses } from './stands/stand-access.js';
import { StandCommands } from './stands/stand-commands.js';
import { StandQueries } from './stands/stand-queries.js';
import { StandEntity } from './stands/stand.entity.js';
import { toStand } from './stands/stand-view.js';
import { withFreshStandsDatabase } from './testing/fresh-database.js';
import { newStand } from './testing/fixtures.js';

/*
 * Self-service (issue 17) against a real database: withdrawing, applying again after a rejection
 * or a withdrawal, the organiser's reason, and the guest's manage token.
 */

let ds: DataSource;
let commands: StandCommands;
let queries: StandQueries;

withFreshStandsDatabase((fresh) => {
  ds = fresh.ds;
  commands = new StandCommands(ds);
  queries = new StandQueries(ds.getRepository(StandEntity), ds.getRepository(ReviewEntity));
});

beforeEach(async () => {
  await ds.query('TRUNCATE stands.stands, stands.reviews, stands.outbox, stands.approved_count_versions, stands.exhibitor_stats_versions');
});

const form = (eventId: string, exhibitorId: string | null) =>
  newStand({ eventId, exhibitorId, description: 'Bücher und Schallplatten', guestFirstName: exhibitorId ? null : 'Gerda' });

const organizer = randomUUID();
const event = { organizerId: organizer, allowStandRegistration: true };
const organiserView = { id: organizer, role: 'organizer' as const };
const admin = { id: randomUUID(), role: 'admin' as const };

/** The newest announcement per key, as the read models end up holding it. */
async function latest<N extends 'EventStandCountChanged' | 'ExhibitorStatsChanged'>(name: N): Promise<TJobPayload<N>[]> {
  const rows = await ds.getRepository(OutboxMessageEntity).find({ where: { name } });
  return rows.map((r) => r.payload as TJobPayload<N>).sort((a, b) => a.version - b.version);
}

describe('withdrawing a stand (the owner)', () => {
  it('takes it out of every list but the owner’s, and the approved count and figures go down', async () => {
    const eventId = randomUUID();
    const owner = randomUUID();
    const { id } = await commands.registerStand(form(eventId, owner));
    await commands.approve(id);
    expect((await latest('EventStandCountChanged')).at(-1)).toMatchObject({ eventId, approvedStands: 1 });

    const withdrawn = await commands.withdraw(id);
    expect(withdrawn.status).toBe('withdrawn');
    expect((await latest('EventStandCountChanged')).at(-1)).toMatchObject({ eventId, approvedStands: 0 });
    expect((await latest('ExhibitorStatsChanged')).at(-1)).toMatchObject({ userId: owner, totalStands: 0 });

    const ids = (list: StandEntity[]) => list.map((s) => s.id);
    expect(ids(await queries.ofEvent(eventId, eventListStatuses(null, event)))).not.toContain(id);
    expect(ids(await queries.ofEvent(eventId, eventListStatuses(organiserView, event)))).not.toContain(id);
    expect(ids(await queries.ofEvent(eventId, ['pending']))).not.toContain(id);
    expect(ids(await queries.ofExhibitor(owner, userListStatuses({ id: owner, role: 'participant' }, owner)))).toEqual([id]);
    expect(ids(await queries.ofExhibitor(owner, userListStatuses(admin, owner)))).toEqual([]);
    expect(ids(await queries.ofExhibitor(owner, userListStatuses(null, owner)))).toEqual([]);
  });

  it('is harmless twice: the second changes and announces nothing', async () => {
    const { id } = await commands.registerStand(form(randomUUID(), randomUUID()));
    await commands.withdraw(id);
    const before = await ds.getRepository(OutboxMessageEntity).count();
    const again = await commands.withdraw(id);
    expect(again.status).toBe('withdrawn');
    expect(await ds.getRepository(OutboxMessageEntity).count()).toBe(before);
  });

  it('answers 404 for a stand that is gone', async () => {
    await expect(commands.withdraw(randomUUID())).rejects.toMatchObject({ code: 'NOT_FOUND', message: API_ERRORS.standNotFound });
  });
});

describe('applying again', () => {
  it.each<TStandStatus>(['rejected', 'withdrawn'])('takes a new registration after a %s one; a second active one is a 409', async (earlier) => {
    const eventId = randomUUID();
    const owner = randomUUID();
    const first = await commands.registerStand(form(eventId, owner));
    if (earlier === 'rejected') await commands.reject(first.id, null);
    else await commands.withdraw(first.id);
    const second = await commands.registerStand(form(eventId, owner));
    expect(second.status).toBe('pending');
    expect(second.id).not.toBe(first.id);
    expect(await queries.hasStandAt(eventId, owner)).toBe(true);
    await expect(commands.registerStand(form(eventId, owner))).rejects.toMatchObject({ code: 'CONFLICT', message: API_ERRORS.standAlreadyRegistered });
  });

  it('refuses to bring back a rejected stand while the owner has registered anew (409), and changes nothing', async () => {
    const eventId = randomUUID();
    const owner = randomUUID();
    const old = await commands.registerStand(form(eventId, owner));
    await commands.reject(old.id, 'Bitte mit Standort.');
    const fresh = await commands.registerStand(form(eventId, owner));
    await expect(commands.approve(old.id)).rejects.toMatchObject({ code: 'CONFLICT', message: API_ERRORS.standAlreadyRegistered });
    expect((await queries.one(old.id))?.status).toBe('rejected');
    expect((await queries.one(fresh.id))?.status).toBe('pending');
  });
});

describe('rejecting with a reason', () => {
  it('keeps the reason for the owner while rejected; approving clears it', async () => {
    const { id } = await commands.registerStand(form(randomUUID(), randomUUID()));
    const rejected = await commands.reject(id, 'Leider ist der Platz voll.');
    expect(rejected).toMatchObject({ status: 'rejected', rejectionReason: 'Leider ist der Platz voll.' });
    expect(toStand(rejected, new Map(), new Map()).rejectionReason).toBe('Leider ist der Platz voll.');
    // Rejecting again replaces the reason (or removes it).
    expect((await commands.reject(id, null)).rejectionReason).toBeNull();
    await commands.reject(id, 'Zweiter Grund.');
    const approved = await commands.approve(id);
    expect(approved).toMatchObject({ status: 'approved', rejectionReason: null });
  });

  it('keeps a rejected guest stand (the guest reads it through the manage link), and an approved one leaves the count', async () => {
    const eventId = randomUUID();
    const { stand } = await commands.registerGuestStand(form(eventId, null), null);
    await commands.approve(stand.id);
    const rejected = await commands.reject(stand.id, 'Kein Essen erlaubt.');
    expect(rejected).toMatchObject({ id: stand.id, status: 'rejected', rejectionReason: 'Kein Essen erlaubt.', exhibitorId: null });
    expect((await latest('EventStandCountChanged')).at(-1)).toMatchObject({ eventId, approvedStands: 0 });
    expect(await ds.getRepository(OutboxMessageEntity).countBy({ name: 'StandDeleted' })).toBe(0);
  });
});

describe("a guest's manage token", () => {
  it('is stored only as its SHA-256, with the e-mail, and finds the stand', async () => {
    const { stand, manageToken } = await commands.registerGuestStand(form(randomUUID(), null), 'gerda@example.org');
    expect(manageToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const [row] = (await ds.query('SELECT * FROM stands.stands WHERE id = $1', [stand.id])) as Record<string, unknown>[];
    expect(row.manage_token_hash).toBe(createHash('sha256').update(manageToken).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(manageToken);
    expect(row.guest_email).toBe('gerda@example.org');
    expect((await queries.guestStandByToken(manageTokenHash(manageToken)!))?.id).toBe(stand.id);
  });

  it('gives every guest stand its own token; a registered stand has none', async () => {
    const a = await commands.registerGuestStand(form(randomUUID(), null), null);
    const b = await commands.registerGuestStand(form(a.stand.eventId, null), null);
    expect(a.manageToken).not.toBe(b.manageToken);
    expect((await commands.registerStand(form(a.stand.eventId, randomUUID()))).manageTokenHash).toBeNull();
  });

  it('withdraws once: the link is then spent, and an approved guest stand leaves the count', async () => {
    const eventId = randomUUID();
    const { stand, manageToken } = await commands.registerGuestStand(form(eventId, null), null);
    await commands.approve(stand.id);
    const hash = manageTokenHash(manageToken)!;
    expect((await commands.withdrawGuestStand(hash))?.status).toBe('withdrawn');
    expect((await latest('EventStandCountChanged')).at(-1)).toMatchObject({ eventId, approvedStands: 0 });
    expect(await commands.withdrawGuestStand(hash)).toBeNull();
    expect(await queries.guestStandByToken(hash)).toBeNull();
    expect((await queries.one(stand.id))?.status).toBe('withdrawn');
    expect((await queries.ofEvent(eventId, ['approved', 'pending'])).map((s) => s.id)).not.toContain(stand.id);
  });

  it('withdraws once when two clicks race', async () => {
    const { manageToken } = await commands.registerGuestStand(form(randomUUID(), null), null);
    const hash = manageTokenHash(manageToken)!;
    const results = await Promise.all([commands.withdrawGuestStand(hash), commands.withdrawGuestStand(hash)]);
    expect(results.filter((r) => r !== null)).toHaveLength(1);
  });

  it('finds nothing for an unknown token, nor after the organiser deleted the stand', async () => {
    expect(await queries.guestStandByToken(manageTokenHash('AAAAAAAAAAAAAAAAAAAAAA')!)).toBeNull();
    const { stand, manageToken } = await commands.registerGuestStand(form(randomUUID(), null), null);
    await commands.remove([stand.id]);
    expect(await queries.guestStandByToken(manageTokenHash(manageToken)!)).toBeNull();
    expect(await commands.withdrawGuestStand(manageTokenHash(manageToken)!)).toBeNull();
  });
});
