import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource } from 'typeorm';
import { isId, type TJobPayload, type TStandExhibitor } from '@flohmarkt/contracts';
import { TOMBSTONE_VERSION, fail, type CallerContext } from '@flohmarkt/server-kit';
import { UserNamesEntity } from './user-names.entity.js';

/**
 * The display names of exhibitors and reviewers (and whether their profile is public), from the stands service's own copy (kept by the
 * auth service's UserProfileChanged and UserDeleted messages), so stand and review reads answer
 * while the auth service is down. Stands never asks auth (auth asks stands for a user's export, and
 * no two services call each other): a user the copy has not heard of yet, whose announcement is still
 * on its way, is shown without names for that moment.
 *
 * Messages apply only when newer than the stored version (one conditional upsert), so a message
 * delivered twice or after a newer one leaves the state of the newest. A deletion is a tombstone
 * with the highest version.
 */
@Injectable()
export class UserNamesReadModel {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

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

  /** The users among `ids` the copy knows and who were not deleted, by id, with their names. */
  async exhibitors(ids: string[]): Promise<Map<string, TStandExhibitor>> {
    return (await this.stored(ids)).found;
  }

  /**
   * One user with their names; 404 when they do not exist. A user the copy has not heard of exists
   * when they are the caller (the gateway asked auth for them on this very request) or own a stand
   * here; then they are answered without names until their announcement arrives.
   */
  async existing(id: string, notFoundMessage: string, caller: Pick<CallerContext, 'id'> | null = null): Promise<Map<string, TStandExhibitor>> {
    const { found, unheard } = await this.stored([id]);
    if (found.has(id)) return found;
    if (unheard.includes(id) && (caller?.id === id || (await this.ownsAStand(id)))) return new Map([[id, { id, firstName: null, lastName: null }]]);
    throw fail.notFound(notFoundMessage);
  }

  private async ownsAStand(userId: string): Promise<boolean> {
    const rows = (await this.dataSource.query(`SELECT 1 FROM "stands" WHERE "exhibitor_id" = $1 LIMIT 1`, [userId])) as unknown[];
    return rows.length > 0;
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
