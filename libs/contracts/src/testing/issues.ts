import type { z } from 'zod';

/** All issue messages of a failed parse ([] when it succeeds). */
export function messagesOf(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

/** The first issue's message, or undefined when the input is valid. */
export function firstMessage(schema: z.ZodType, input: unknown): string | undefined {
  return messagesOf(schema, input)[0];
}
