import type { z } from 'zod';
import { firstZodMessage } from '@flohmarkt/contracts';
import { fail } from '@flohmarkt/server-kit';

/**
 * Validates a request body with its shared schema: unknown fields are stripped, the first problem
 * answers 400 with its German sentence. A missing body is read as {} so every required field
 * still names itself ('Vorname ist erforderlich' rather than a generic message).
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw fail.invalid(firstZodMessage(result.error));
  return result.data;
}
