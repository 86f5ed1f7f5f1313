import type { z } from 'zod';
import { ZId, firstZodMessage } from '@flohmarkt/contracts';
import { fail } from '@flohmarkt/server-kit';

/** A path id: anything but a UUID is an unknown resource (404), never a database error. */
export function pathId(raw: string | undefined, notFoundMessage: string): string {
  const parsed = ZId.safeParse(raw);
  if (!parsed.success) throw fail.notFound(notFoundMessage);
  return parsed.data.toLowerCase();
}

/** `a,b,c` of an internal bulk query: the UUIDs in it, each once (others can match nothing). */
export function idList(raw: string | undefined): string[] {
  return validIds((raw ?? '').split(','));
}

/** The well-formed ids of a list, lower-cased and once each (a malformed id matches nothing anyway). */
export function validIds(ids: string[]): string[] {
  return [...new Set(ids.map((s) => s.trim().toLowerCase()).filter((s) => ZId.safeParse(s).success))];
}

/** A body checked against its contract schema: the first issue's German sentence is the 400. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw fail.invalid(firstZodMessage(result.error));
  return result.data;
}

/** True for PostgreSQL's unique violation on the named index (a race lost against another request). */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  const e = err as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
  const code = e?.driverError?.code ?? e?.code;
  const name = e?.driverError?.constraint ?? e?.constraint;
  return code === '23505' && name === constraint;
}

/** Coordinates as the decimal columns store them (the numeric(…, 8) scale). */
export function toDecimal(value: number | null | undefined): string | null {
  return value == null ? null : value.toFixed(8);
}
