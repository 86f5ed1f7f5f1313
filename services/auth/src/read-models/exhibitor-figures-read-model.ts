import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource } from 'typeorm';
import { isId, type TJobPayload } from '@flohmarkt/contracts';
import { NO_FIGURES, formatRating, type ExhibitorFigures } from './exhibitor-figures.js';
import { ExhibitorFiguresEntity } from './exhibitor-figures.entity.js';

/**
 * Each exhibitor's figures (approved stands, average rating), from the auth service's own copy,
 * kept by the stands service's ExhibitorStatsChanged messages: the exhibitor page and the profiles
 * answer them while stands is down. They lag a change by the relay's latency.
 *
 * A message is applied only when its version is newer than the stored one (one conditional
 * upsert), so a message delivered twice or after a newer one leaves the state of the newest. A
 * message about a user auth no longer has (the stands cascade announces a deleted user's 0) leaves
 * nothing behind: user ids are never reused, and the user's deletion removed their row.
 */
@Injectable()
export class ExhibitorFiguresReadModel {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Answers whether the message changed the read model (false: older, repeated, unknown user or malformed). */
  async apply({ userId, totalStands, avgRating, version }: TJobPayload<'ExhibitorStatsChanged'>): Promise<boolean> {
    // A malformed id matches nothing; skipping it keeps a bad message from retrying forever on a uuid cast error.
    if (!isId(userId)) return false;
    const applied = (await this.dataSource.query(
      `INSERT INTO "exhibitor_figures" AS f ("user_id", "total_stands", "avg_rating", "version")
       SELECT $1, $2, $3, $4 WHERE EXISTS (SELECT 1 FROM "users" WHERE "id" = $1)
       ON CONFLICT ("user_id") DO UPDATE SET "total_stands" = excluded."total_stands", "avg_rating" = excluded."avg_rating", "version" = excluded."version"
       WHERE f."version" < excluded."version"
       RETURNING 1`,
      [userId, totalStands, formatRating(avgRating), version],
    )) as unknown[];
    return applied.length > 0;
  }

  /** The figures of every asked user (zero for those the copy holds nothing about). One query. */
  async of(userIds: string[]): Promise<Map<string, ExhibitorFigures>> {
    const figures = new Map<string, ExhibitorFigures>(userIds.map((id) => [id, NO_FIGURES]));
    const wanted = [...new Set(userIds)].filter(isId);
    if (!wanted.length) return figures;
    const rows = await this.dataSource.getRepository(ExhibitorFiguresEntity).findBy({ userId: In(wanted) });
    for (const row of rows) figures.set(row.userId, { totalStands: row.totalStands, avgRating: row.avgRating });
    return figures;
  }
}
