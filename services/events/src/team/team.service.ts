import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  API_ERRORS,
  CREATE_TEAM_INVITE,
  MARKET_DAY_MESSAGES,
  TEAM_INVITE_MAX_DAYS,
  TEAM_MAX_MEMBERS,
  TEAM_MAX_OPEN_INVITES,
  isId,
  type TTeam,
  type TTeamInvite,
  type TTeamInvitePreview,
  type TTeamRole,
} from '@flohmarkt/contracts';
import { fail, managesEvent, ownsEvent, parseCallBody, type CallerContext } from '@flohmarkt/server-kit';
import { EVENTS_CONFIG, type TEventsEnv } from '../config.js';
import { EventEntity } from '../events/event.entity.js';
import { announceEventFacts } from '../events/event-facts.js';
import { EventsService } from '../events/events.service.js';
import { newInviteCode, normalisedInviteCode } from './invite-codes.js';
import { TeamInviteEntity } from './team-invite.entity.js';
import { teamFactsOf } from './team-facts.js';
import { TeamMemberEntity } from './team-member.entity.js';
import { TeamRemovalEntity } from './team-removal.entity.js';
import { displayNamesOf } from '../read-models/team-names.js';

const DAY_MS = 24 * 3600 * 1000;

/**
 * A market's team (issue 36): the organiser (or an admin) invites by code, a signed-in person
 * accepts, the organiser removes and a member leaves. Who may do what is server-kit's
 * event-management.ts; every change of the members re-announces the market's facts in the same
 * transaction, under the event row's lock (the stands service decides its permissions from them,
 * and the lock orders their versions as event-facts.ts explains). The same lock makes the limits
 * of members and open invites hold when two requests race.
 */
@Injectable()
export class TeamService {
  private readonly origin: string;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EventsService,
    @Inject(EVENTS_CONFIG) config: Pick<TEventsEnv, 'PUBLIC_URL'>,
  ) {
    this.origin = config.PUBLIC_URL.replace(/\/+$/, '');
  }

  /** 404 → 403 (not the organiser or an admin; the market cancelled or over) → 400 → 409 (too many open invites). */
  async createInvite(caller: CallerContext, eventId: string, body: unknown, now = new Date()): Promise<TTeamInvite> {
    const event = await this.ownedEvent(caller, eventId);
    requireMarketNotOver(event, now);
    const { role, expiresAt: expiry } = parseCallBody(CREATE_TEAM_INVITE, body);
    const expiresAt = new Date(expiry);
    if (expiresAt.getTime() <= now.getTime() || expiresAt.getTime() > now.getTime() + TEAM_INVITE_MAX_DAYS * DAY_MS) {
      throw fail.invalid(MARKET_DAY_MESSAGES.invalidExpiry);
    }
    const invite = await this.dataSource.transaction(async (m) => {
      if (!(await lockEvent(m, eventId))) throw fail.notFound(API_ERRORS.eventNotFound);
      const open = await m
        .getRepository(TeamInviteEntity)
        .createQueryBuilder('i')
        .where('i.event_id = :eventId AND i.revoked_at IS NULL AND i.expires_at > :now', { eventId, now })
        .getCount();
      if (open >= TEAM_MAX_OPEN_INVITES) throw fail.conflict(MARKET_DAY_MESSAGES.tooManyInvites);
      return insertInvite(m, { eventId, role, expiresAt, createdBy: caller.id });
    });
    return this.toInvite(invite);
  }

  /** Revoking twice, or an expired invite, answers 204 as well: the code does not count either way. */
  async revokeInvite(caller: CallerContext, eventId: string, rawCode: string): Promise<void> {
    await this.ownedEvent(caller, eventId);
    const code = normalisedInviteCode(rawCode);
    if (!code) throw fail.notFound(MARKET_DAY_MESSAGES.inviteNotFound);
    const found = await this.dataSource
      .createQueryBuilder()
      .update(TeamInviteEntity)
      .set({ revokedAt: () => 'COALESCE("revoked_at", now())' })
      .where('code = :code AND event_id = :eventId', { code, eventId })
      .execute();
    if (!found.affected) throw fail.notFound(MARKET_DAY_MESSAGES.inviteNotFound);
  }

  /**
   * What a code invites to, for anyone: 404 unknown, 410 expired, revoked or its market over; 403 to
   * a signed-in caller the code would refuse because they were removed from the team (they learn only
   * what they know already, and the page offers no button that would fail). Someone the invite could
   * give nothing more (the organiser, a member with its role or a higher one) sees it whatever its
   * state: a helper opening last week's link on the market's day is shown the way to the market day,
   * not a dead end, and learns nothing they did not know.
   */
  async preview(caller: CallerContext | null, rawCode: string, now = new Date()): Promise<TTeamInvitePreview> {
    const invite = await this.findInvite(this.dataSource.manager, rawCode);
    const event = await this.dataSource.getRepository(EventEntity).findOneBy({ id: invite.eventId });
    if (!event) throw fail.notFound(MARKET_DAY_MESSAGES.inviteNotFound);
    if (!(caller && (await this.hasAlready(caller.id, event, invite.role)))) {
      requireOpen(invite, event, now);
      if (caller) await requireNotRemoved(this.dataSource.manager, invite, caller.id);
    }
    return {
      code: invite.code,
      role: invite.role,
      expiresAt: invite.expiresAt.toISOString(),
      event: { id: event.id, name: event.name, location: event.location, startDateTime: event.startDateTime.toISOString() },
    };
  }

  /**
   * 404 → 410 → 400 (the market's own organiser) → 403 (removed from the team since the code was
   * made) → 409 (team full). Accepting again changes nothing, except that a co-organiser's invite
   * makes a helper a co-organiser (never the other way).
   */
  async accept(caller: CallerContext, rawCode: string, now = new Date()): Promise<{ eventId: string; role: TTeamRole }> {
    const { eventId } = await this.findInvite(this.dataSource.manager, rawCode);
    return this.dataSource.transaction(async (m) => {
      // The lock first, then the invite again: a revoke or a second accept that came first is seen.
      if (!(await lockEvent(m, eventId))) throw fail.notFound(MARKET_DAY_MESSAGES.inviteNotFound);
      const invite = await this.findInvite(m, rawCode);
      const event = await m.findOneByOrFail(EventEntity, { id: eventId });
      requireOpen(invite, event, now);
      if (caller.id === event.organizerId) throw fail.invalid(MARKET_DAY_MESSAGES.inviteOwnMarket);
      // Under the lock: a removal that committed first is seen, one that waits comes after the join.
      // Before the member check: someone let back in with a new helper invite gains nothing from an
      // old co-organiser code either.
      await requireNotRemoved(m, invite, caller.id);
      const members = m.getRepository(TeamMemberEntity);
      const existing = await members.findOneBy({ eventId, userId: caller.id });
      if (existing) {
        if (existing.role === 'helper' && invite.role === 'co-organizer') {
          await members.update({ eventId, userId: caller.id }, { role: invite.role, inviteCode: invite.code });
          await announceEventFacts(m, eventId);
          return { eventId, role: invite.role };
        }
        return { eventId, role: existing.role };
      }
      if ((await members.countBy({ eventId })) >= TEAM_MAX_MEMBERS) throw fail.conflict(MARKET_DAY_MESSAGES.teamFull);
      await members.insert({ eventId, userId: caller.id, role: invite.role, inviteCode: invite.code });
      await announceEventFacts(m, eventId);
      return { eventId, role: invite.role };
    });
  }

  /** Organiser, admins and co-organisers (helpers and strangers 403); the open invites for those who manage the team only. */
  async team(caller: CallerContext, eventId: string, now = new Date()): Promise<TTeam> {
    const event = await this.events.get(eventId);
    const team = await teamFactsOf(this.dataSource.manager, eventId);
    if (!managesEvent(caller, { organizerId: event.organizerId, team })) throw fail.forbidden(MARKET_DAY_MESSAGES.teamForbidden);
    const rows = await this.dataSource.getRepository(TeamMemberEntity).find({ where: { eventId }, order: { joinedAt: 'ASC', userId: 'ASC' } });
    const names = await displayNamesOf(
      this.dataSource.manager,
      rows.map((r) => r.userId),
    );
    const invites = ownsEvent(caller, { organizerId: event.organizerId, team }) ? await this.openInvites(eventId, now) : [];
    return {
      eventId,
      members: rows.map((r) => ({
        userId: r.userId,
        role: r.role,
        firstName: names.get(r.userId)?.firstName ?? null,
        lastName: names.get(r.userId)?.lastName ?? null,
        joinedAt: r.joinedAt.toISOString(),
      })),
      invites: invites.map((i) => this.toInvite(i)),
    };
  }

  /**
   * The organiser (or an admin) removes a member; a member removes themselves (leaves). Their rights
   * end with the commit. A removal (not a leave) also shuts the market's codes made until now to that
   * person: an invite code is shared by many and stays open for up to 30 days, so without this the
   * removed person would simply accept it again. All codes of the market, not only the one the member
   * row names: it names only the code accepted last (a helper made co-organiser by a second code
   * still holds the first), and a member may have seen others, while the organiser's will at removal
   * is plain. A new invite, made after the removal, lets them in again.
   */
  async removeMember(caller: CallerContext, eventId: string, userId: string): Promise<void> {
    const event = await this.events.get(eventId);
    if (caller.id !== userId && !ownsEvent(caller, event)) throw fail.forbidden(MARKET_DAY_MESSAGES.teamForbidden);
    if (!isId(userId)) throw fail.notFound(MARKET_DAY_MESSAGES.memberNotFound);
    await this.dataSource.transaction(async (m) => {
      if (!(await lockEvent(m, eventId))) throw fail.notFound(API_ERRORS.eventNotFound);
      const removed = await m.getRepository(TeamMemberEntity).delete({ eventId, userId });
      if (!removed.affected) throw fail.notFound(MARKET_DAY_MESSAGES.memberNotFound);
      // clock_timestamp(), not now(): read after the lock, so every invite committed before it is
      // older, and every invite made after it is newer (insertInvite reads the clock under the lock too).
      if (caller.id !== userId) {
        await m.query(
          `INSERT INTO "team_removals" ("event_id", "user_id", "removed_at") VALUES ($1, $2, clock_timestamp())
           ON CONFLICT ("event_id", "user_id") DO UPDATE SET "removed_at" = EXCLUDED."removed_at"`,
          [eventId, userId],
        );
      }
      await announceEventFacts(m, eventId);
    });
  }

  /**
   * UserDeleted: the user leaves every team, each market re-announced, and their removals go too. The
   * markets are locked in id order (no deadlock with a concurrent change of two of them). Runs again
   * without effect.
   */
  async removeUserEverywhere(userId: string): Promise<string[]> {
    if (!isId(userId)) return [];
    return this.dataSource.transaction(async (m) => {
      await m.getRepository(TeamRemovalEntity).delete({ userId });
      const rows = await m.getRepository(TeamMemberEntity).find({ where: { userId }, order: { eventId: 'ASC' } });
      const left: string[] = [];
      for (const { eventId } of rows) {
        if (!(await lockEvent(m, eventId))) continue;
        const removed = await m.getRepository(TeamMemberEntity).delete({ eventId, userId });
        if (removed.affected) {
          await announceEventFacts(m, eventId);
          left.push(eventId);
        }
      }
      return left;
    });
  }

  private async ownedEvent(caller: CallerContext, eventId: string): Promise<EventEntity> {
    const event = await this.events.get(eventId);
    if (!ownsEvent(caller, event)) throw fail.forbidden(MARKET_DAY_MESSAGES.teamForbidden);
    return event;
  }

  /** Whether `userId` organises the market or is on its team with `role` or a higher one. */
  private async hasAlready(userId: string, event: EventEntity, role: TTeamRole): Promise<boolean> {
    if (userId === event.organizerId) return true;
    const member = await this.dataSource.getRepository(TeamMemberEntity).findOneBy({ eventId: event.id, userId });
    return member !== null && (member.role === role || member.role === 'co-organizer');
  }

  /** The invite of a code whatever its state; 404 for a code nobody was given. */
  private async findInvite(m: EntityManager, rawCode: string): Promise<TeamInviteEntity> {
    const code = normalisedInviteCode(rawCode);
    const invite = code ? await m.getRepository(TeamInviteEntity).findOneBy({ code }) : null;
    if (!invite) throw fail.notFound(MARKET_DAY_MESSAGES.inviteNotFound);
    return invite;
  }

  private openInvites(eventId: string, now: Date): Promise<TeamInviteEntity[]> {
    return this.dataSource
      .getRepository(TeamInviteEntity)
      .createQueryBuilder('i')
      .where('i.event_id = :eventId AND i.revoked_at IS NULL AND i.expires_at > :now', { eventId, now })
      .orderBy('i.created_at', 'ASC')
      .addOrderBy('i.code', 'ASC')
      .getMany();
  }

  private toInvite(i: TeamInviteEntity): TTeamInvite {
    return { code: i.code, url: `${this.origin}/team/${i.code}`, role: i.role, expiresAt: i.expiresAt.toISOString(), createdAt: i.createdAt.toISOString() };
  }
}

/** Locks the market's row for a change of its team; false when it is gone. */
async function lockEvent(m: EntityManager, eventId: string): Promise<boolean> {
  const rows = (await m.query(`SELECT 1 FROM "events" WHERE "id" = $1 FOR UPDATE`, [eventId])) as unknown[];
  return rows.length > 0;
}

/** A fresh code; a collision with an existing one (revoked ones included) draws again. */
async function insertInvite(m: EntityManager, fields: Pick<TeamInviteEntity, 'eventId' | 'role' | 'expiresAt' | 'createdBy'>): Promise<TeamInviteEntity> {
  for (;;) {
    const code = newInviteCode();
    const inserted = await m
      .createQueryBuilder()
      .insert()
      .into(TeamInviteEntity)
      // The clock read under the market's lock (not the transaction's start): ordered against removals.
      .values({ ...fields, code, createdAt: () => 'clock_timestamp()' })
      .orIgnore()
      .returning('code')
      .execute();
    if (inserted.raw.length) return m.findOneByOrFail(TeamInviteEntity, { code });
  }
}

/**
 * 403 when the organiser removed `userId` from the invite's market after the invite was made. Compared
 * in the database: both times to the microsecond, which a JavaScript date would round.
 */
async function requireNotRemoved(m: EntityManager, invite: TeamInviteEntity, userId: string): Promise<void> {
  const rows = (await m.query(
    `SELECT 1 FROM "team_removals" r JOIN "team_invites" i ON i."event_id" = r."event_id"
     WHERE i."code" = $1 AND r."user_id" = $2 AND i."created_at" <= r."removed_at"`,
    [invite.code, userId],
  )) as unknown[];
  if (rows.length) throw fail.forbidden(MARKET_DAY_MESSAGES.removedFromTeam);
}

/** No one is invited into a market that is cancelled or over: the team would have nothing left to do. */
function requireMarketNotOver(event: EventEntity, now: Date): void {
  if (event.status === 'cancelled' || event.endDateTime.getTime() <= now.getTime()) throw fail.forbidden(MARKET_DAY_MESSAGES.marketOver);
}

/** 410 for an invite that no longer lets anyone in: revoked, expired, or its market cancelled or over. */
function requireOpen(invite: TeamInviteEntity, event: EventEntity, now: Date): void {
  if (invite.revokedAt) throw fail.gone(MARKET_DAY_MESSAGES.inviteRevoked);
  if (invite.expiresAt.getTime() <= now.getTime() || event.endDateTime.getTime() <= now.getTime()) throw fail.gone(MARKET_DAY_MESSAGES.inviteExpired);
  if (event.status === 'cancelled') throw fail.gone(MARKET_DAY_MESSAGES.marketOver);
}
