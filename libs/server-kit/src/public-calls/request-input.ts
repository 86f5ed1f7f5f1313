import type { z } from 'zod';
import { firstZodMessage, isId, type PublicCall } from '@flohmarkt/contracts';
import { fail } from '../errors.js';

/**
 * The one way a service reads what a caller sent: checked against the schema its call declares,
 * unknown fields stripped, the first problem a 400 with its German sentence. A missing body or
 * query is read as {} so every required field still names itself ('Vorname ist erforderlich'
 * rather than a generic message). Called where the house order of checks puts the 400: after 404
 * and 403 (ARCHITECTURE.md), which is why it is not a pipe that runs before the handler.
 */
export function parseInput<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const result = schema.safeParse(raw ?? {});
  if (!result.success) throw fail.invalid(firstZodMessage(result.error));
  return result.data;
}

/** The body of a declared call, checked against its `body` schema. */
export function parseCallBody<S extends z.ZodType>(call: PublicCall<string, z.ZodType | undefined, S>, raw: unknown): z.output<S> {
  if (!call.body) throw new Error(`${call.method} ${call.path} declares no body`);
  return parseInput(call.body, raw);
}

/** The query of a declared call, checked against its `query` schema. */
export function parseCallQuery<S extends z.ZodType>(call: PublicCall<string, S>, raw: unknown): z.output<S> {
  if (!call.query) throw new Error(`${call.method} ${call.path} declares no query`);
  return parseInput(call.query, raw);
}

/** A path id: anything but a UUID is an unknown resource (404 with this message), never a database error. */
export function pathId(raw: string | undefined, notFoundMessage: string): string {
  if (!isId(raw)) throw fail.notFound(notFoundMessage);
  return raw.toLowerCase();
}
