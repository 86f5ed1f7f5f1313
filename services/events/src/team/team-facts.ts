import type { EntityManager } from 'typeorm';
import type { TTeamFacts } from '@flohmarkt/contracts';
import { TeamMemberEntity } from './team-member.entity.js';

/**
 * The market's team as the permission rule (server-kit's event-management.ts) and the other
 * services see it: user and role, sorted by user id so two announcements of one team are equal.
 */
export async function teamFactsOf(m: EntityManager, eventId: string): Promise<TTeamFacts> {
  const rows = await m.getRepository(TeamMemberEntity).find({ where: { eventId }, order: { userId: 'ASC' } });
  return rows.map((r) => ({ userId: r.userId, role: r.role }));
}
