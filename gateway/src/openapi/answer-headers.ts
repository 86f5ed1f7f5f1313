import type { JsonSchema } from './schemas.js';

interface AnswerHeader {
  description: string;
  schema: JsonSchema;
}

/** A header of a success answer whose value is text (a file name, a cache rule, a validator, a redirect). */
export function textHeader(description: string): AnswerHeader {
  return { description, schema: { type: 'string' } };
}

/** `X-Total-Count` of a list that a caller pages through: how many there are in all. */
export function totalCountHeader(description: string): Record<'X-Total-Count', AnswerHeader> {
  return { 'X-Total-Count': { description, schema: { type: 'integer', minimum: 0 } } };
}
