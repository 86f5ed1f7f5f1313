import type { EntityManager } from 'typeorm';
import { publish } from '@flohmarkt/server-kit';
import { ReviewEntity } from '../reviews/review.entity.js';
import { StandEntity } from './stand.entity.js';

/**
 * Announces each exhibitor's figures (ExhibitorStatsChanged, the auth service's read model for the
 * exhibitor page): approved stands, and the average rating of the reviews on them. Inside the
 * caller's transaction and after its changes, so the message exists if and only if the change
 * committed.
 *
 * Race safety as for the events' counts (approved-counts.ts): the version comes from the
 * exhibitor's row in exhibitor_stats_versions, raised by an upsert that keeps the row locked until
 * commit; the figures are read after it, in statements of their own, so they include every change
 * committed before, and versions follow commit order. Exhibitors are locked in id order, and
 * always after the events' rows (callers announce counts first): no two transactions wait on
 * each other in a circle.
 */
export async function announceExhibitorStats(m: EntityManager, userIds: Iterable<string | null>): Promise<void> {
  const exhibitors = [...new Set(userIds)].filter((id): id is string => id !== null).sort();
  for (const userId of exhibitors) {
    const [{ version }] = (await m.query(
      `INSERT INTO "exhibitor_stats_versions" AS v ("user_id", "version") VALUES ($1, 1)
       ON CONFLICT ("user_id") DO UPDATE SET "version" = v."version" + 1 RETURNING "version"`,
      [userId],
    )) as { version: string }[];
    const [figures] = (await m
      .createQueryBuilder(StandEntity, 's')
      .leftJoin(ReviewEntity, 'r', 'r.standId = s.id')
      .select('COUNT(DISTINCT s.id)', 'totalStands')
      .addSelect('ROUND(COALESCE(AVG(r.rating), 0), 2)', 'avgRating')
      .where('s.exhibitorId = :userId AND s.status = :approved', { userId, approved: 'approved' })
      .getRawMany()) as { totalStands: string; avgRating: string }[];
    await publish(m, 'ExhibitorStatsChanged', {
      userId,
      totalStands: Number(figures.totalStands),
      avgRating: Number(figures.avgRating),
      version: Number(version),
    });
  }
}
