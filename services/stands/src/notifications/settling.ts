import type { EntityManager } from 'typeorm';

/** A notice that waits out the settle time: a decision on a stand, or a change of a market's date, place or status. */
export type SettlingKind = 'decision' | 'event-change';

/**
 * Schedules the notice about `subjectId` (a stand or an event) `settleSeconds` from now, in the
 * caller's transaction. A newer change of the same subject starts the wait again, so an organiser
 * who toggles a decision or an address sends nothing until they stop; a later time already set (a
 * change notice waiting for its interval) is kept, unless `urgent`: a cancellation is not held back
 * by the interval of the moves before it, only by the settle time.
 */
export async function settleNotice(m: EntityManager, kind: SettlingKind, subjectId: string, settleSeconds: number, at?: Date, urgent = false): Promise<void> {
  await m.query(
    `INSERT INTO "settling_notices" AS n ("key", "kind", "subject_id", "due_at")
     VALUES ($1, $2, $3, COALESCE($5::timestamptz, now() + make_interval(secs => $4)))
     ON CONFLICT ("key") DO UPDATE SET "due_at" = CASE WHEN $6 THEN excluded."due_at" ELSE GREATEST(n."due_at", excluded."due_at") END`,
    [`${kind}:${subjectId}`, kind, subjectId, settleSeconds, at ?? null, urgent],
  );
}
