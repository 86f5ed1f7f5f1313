import { In, type EntityManager } from 'typeorm';
import type { TTeamFacts } from '@flohmarkt/contracts';
import { TeamMemberEntity } from './team-member.entity.js';

/**
 * The market's team as the permission rule (server-kit's event-management.ts) and the other
 * services see it: user and role, sorted by user id so two announcements of one team are equal.
 */
export async function teamFactsOf(m: EntityManager, eventId: string): Promise<TTeamFacts> {
  return (await teamFactsOfEach(m, [eventId])).get(eventId) ?? [];
}

/** The teams of several markets in one query (a series' dates), each as teamFactsOf gives it. */
export async function teamFactsOfEach(m: EntityManager, eventIds: string[]): Promise<Map<string, TTeamFacts>> {
  const teams = new Map<string, TTeamFacts>(eventIds.map((id) => [id, []]));
  if (eventIds.length === 0) return teams;
  const rows = await m.getRepository(TeamMemberEntity).find({ where: { eventId: In(eventIds) }, order: { userId: 'ASC' } });
  for (const r of rows) teams.get(r.eventId)?.push({ userId: r.userId, role: r.role });
  return teams;
}
