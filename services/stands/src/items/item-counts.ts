import type { EntityManager } from 'typeorm';

/**
 * How many items each of these stands lists (sold ones included: they still show as "verkauft"),
 * in one grouped query for a whole list. A stand without items is absent (callers read 0).
 */
export async function itemCountsOf(m: EntityManager, standIds: readonly string[]): Promise<Map<string, number>> {
  if (standIds.length === 0) return new Map();
  const rows: { stand_id: string; n: number }[] = await m.query(
    `SELECT "stand_id", count(*)::int AS n FROM "items" WHERE "stand_id" = ANY($1::uuid[]) GROUP BY "stand_id"`,
    [[...new Set(standIds)]],
  );
  return new Map(rows.map((r) => [r.stand_id, r.n]));
}
