import type { EntityManager } from 'typeorm';
import { isId, type TTeamMembership, type TTeamRole } from '@flohmarkt/contracts';

/** The markets whose team the user is on, with their names, by join date (the data export, issue 36). */
export async function membershipsOf(m: EntityManager, userId: string): Promise<TTeamMembership[]> {
  if (!isId(userId)) return [];
  const rows = (await m.query(
    `SELECT t."event_id", e."name", t."role", t."joined_at" FROM "event_team" t JOIN "events" e ON e."id" = t."event_id"
     WHERE t."user_id" = $1 ORDER BY t."joined_at", t."event_id"`,
    [userId],
  )) as Array<{ event_id: string; name: string; role: TTeamRole; joined_at: Date }>;
  return rows.map((r) => ({ eventId: r.event_id, eventName: r.name, role: r.role, joinedAt: new Date(r.joined_at).toISOString() }));
}

/** The user's role in each of `eventIds` they are on the team of ("Meine Flohmärkte"). */
export async function teamRolesOf(m: EntityManager, userId: string, eventIds: string[]): Promise<Map<string, TTeamRole>> {
  if (!isId(userId) || !eventIds.length) return new Map();
  const rows = (await m.query(`SELECT "event_id", "role" FROM "event_team" WHERE "user_id" = $1 AND "event_id" = ANY($2::uuid[])`, [
    userId,
    eventIds,
  ])) as Array<{
    event_id: string;
    role: TTeamRole;
  }>;
  return new Map(rows.map((r) => [r.event_id, r.role]));
}
