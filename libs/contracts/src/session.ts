import { z } from 'zod';

/**
 * The sessions entity (sid, sess json, expire). Server side
 * only: the browser sees just the cookie.
 */
export const ZSession = z.object({
  sid: z.string().min(1),
  sess: z.record(z.string(), z.unknown()),
  // Stored as a timestamp; accepted as Date or ISO string.
  expire: z.coerce.date(),
});
