import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource } from 'typeorm';
import type { TJobPayload, TStandExhibitor } from '@flohmarkt/contracts';
import { DomainError, fail } from '@flohmarkt/server-kit';
import { UsersClient } from '../peers/users-client.js';
import { UserNamesEntity } from './user-names.entity.js';
import { TOMBSTONE_VERSION, isId } from './tombstone.js';

/**
 * The display names of exhibitors and reviewers (and whether their profile is public), from the stands service's own copy (kept by the
 * auth service's UserProfileChanged and UserDeleted messages), so stand and review reads answer
 * while the auth service is down.
 *
 * Messages apply only when newer than the stored version (one conditional upsert), so a message
 * delivered twice or after a newer one leaves the state of the newest. A deletion is a tombstone
 * with the highest version.
 */
@Injectable()
export class UserNamesReadModel {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersClient,
  ) {}

  /** Answers whether the message changed the read model (false: older, repeated, or malformed). */
  async apply(m: TJobPayload<'UserProfileChanged'>): Promise<boolean> {
    if (!isId(m.userId)) return false;
    const applied = (await this.dataSource.query(
      `INSERT INTO "user_names" AS u ("user_id", "first_name", "last_name", "email", "profile_public", "version") VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT ("user_id") DO UPDATE SET "first_name" = excluded."first_name", "last_name" = excluded."last_name",
         "email" = COALESCE(excluded."email", u."email"), "profile_public" = excluded."profile_public", "version" = excluded."version"
       WHERE u."version" < excluded."version"
       RETURNING 1`,
      [m.userId, m.firstName, m.lastName, m.email, m.profilePublic ?? true, m.version],
    )) as unknown[];
    return applied.length > 0;
  }

  /** UserDeleted: the tombstone (names dropped). Idempotent. */
  async forget(userId: string): Promise<void> {
    if (!isId(userId)) return;
    await this.dataSource.query(
      `INSERT INTO "user_names" ("user_id", "deleted", "version") VALUES ($1, true, $2)
       ON CONFLICT ("user_id") DO UPDATE SET "deleted" = true, "first_name" = NULL, "last_name" = NULL, "email" = NULL, "version" = excluded."version"`,
      [userId, TOMBSTONE_VERSION],
    );
  }

  /**
   * The users among `ids` that exist, by id, with their names. Users the copy has not heard of yet
   * (signed up a moment ago, or the relay is behind) are asked of auth in one bulk call; while auth
   * is down they stay without names, which a read shows rather than failing.
   */
  async exhibitors(ids: string[]): Promise<Map<string, TStandExhibitor>> {
    const { found, unheard } = await this.stored(ids);
    if (unheard.length) {
      try {
        for (const [id, exhibitor] of await this.users.exhibitors(unheard)) found.set(id, exhibitor);
      } catch (err) {
        if (!(err instanceof DomainError && err.code === 'UNAVAILABLE')) throw err;
      }
    }
    return found;
  }

  /**
   * One user with their names; 404 when they do not exist. A user the copy has not heard of is
   * asked of auth: whether a user exists is not guessed (503 while auth is down).
   */
  async existing(id: string, notFoundMessage: string): Promise<Map<string, TStandExhibitor>> {
    const { found, unheard } = await this.stored([id]);
    const known = unheard.length ? await this.users.exhibitors(unheard) : found;
    if (!known.has(id)) throw fail.notFound(notFoundMessage);
    return known;
  }

  /**
   * The e-mail addresses of `ids` as the read model holds them (users not heard of yet, without an
   * announced address, or deleted are left out): a notice to them is skipped, never guessed.
   */
  async emails(ids: string[]): Promise<Map<string, string>> {
    const wanted = [...new Set(ids)].filter(isId);
    if (!wanted.length) return new Map();
    const rows = await this.dataSource.getRepository(UserNamesEntity).findBy({ userId: In(wanted) });
    return new Map(rows.filter((r) => !r.deleted && r.email).map((r) => [r.userId, r.email!]));
  }

  /** Names stored for `ids` (deleted users left out), and the ids the copy holds nothing about. */
  private async stored(ids: string[]): Promise<{ found: Map<string, TStandExhibitor>; unheard: string[] }> {
    const wanted = [...new Set(ids)].filter(isId);
    const found = new Map<string, TStandExhibitor>();
    if (!wanted.length) return { found, unheard: [] };
    const rows = await this.dataSource.getRepository(UserNamesEntity).findBy({ userId: In(wanted) });
    for (const r of rows)
      if (!r.deleted) found.set(r.userId, { id: r.userId, firstName: r.firstName, lastName: r.lastName, ...(r.profilePublic ? {} : { profilePublic: false }) });
    const held = new Set(rows.map((r) => r.userId));
    return { found, unheard: wanted.filter((id) => !held.has(id)) };
  }
}
