import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { isId, type TJobPayload } from '@flohmarkt/contracts';
import { TOMBSTONE_VERSION } from '@flohmarkt/server-kit';

export type DisplayName = { firstName: string | null; lastName: string | null };

/**
 * The team's display names (issue 36), from the events service's own copy of auth's
 * UserProfileChanged and UserDeleted (migration TeamNames): the team list answers while auth is
 * down, and a member whose announcement has not arrived yet is listed without names for that moment.
 * First and last name only: the events service needs no e-mail address.
 *
 * A message applies only when newer than the stored version (one conditional upsert), so one
 * delivered twice or after a newer one leaves the state of the newest; a deletion is a tombstone.
 */
@Injectable()
export class TeamNamesReadModel {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Answers whether the message changed the read model (false: older, repeated, or malformed). */
  async apply(m: Pick<TJobPayload<'UserProfileChanged'>, 'userId' | 'firstName' | 'lastName' | 'version'>): Promise<boolean> {
    if (!isId(m.userId)) return false;
    const applied = (await this.dataSource.query(
      `INSERT INTO "user_names" AS u ("user_id", "first_name", "last_name", "version") VALUES ($1, $2, $3, $4)
       ON CONFLICT ("user_id") DO UPDATE SET "first_name" = excluded."first_name", "last_name" = excluded."last_name", "version" = excluded."version"
       WHERE u."version" < excluded."version"
       RETURNING 1`,
      [m.userId, m.firstName, m.lastName, m.version],
    )) as unknown[];
    return applied.length > 0;
  }

  /** UserDeleted: the names go, the tombstone stays. Idempotent. */
  async forget(userId: string): Promise<void> {
    if (!isId(userId)) return;
    await this.dataSource.query(
      `INSERT INTO "user_names" ("user_id", "version") VALUES ($1, $2)
       ON CONFLICT ("user_id") DO UPDATE SET "first_name" = NULL, "last_name" = NULL, "version" = excluded."version"`,
      [userId, TOMBSTONE_VERSION],
    );
  }
}

/** The stored names of `ids` (users not heard of yet are left out), in the caller's transaction or connection. */
export async function displayNamesOf(m: EntityManager, ids: string[]): Promise<Map<string, DisplayName>> {
  const wanted = [...new Set(ids)].filter(isId);
  if (!wanted.length) return new Map();
  const rows = (await m.query(`SELECT "user_id", "first_name", "last_name" FROM "user_names" WHERE "user_id" = ANY($1::uuid[])`, [wanted])) as Array<{
    user_id: string;
    first_name: string | null;
    last_name: string | null;
  }>;
  return new Map(rows.map((r) => [r.user_id, { firstName: r.first_name, lastName: r.last_name }]));
}
