import type { EntityManager } from 'typeorm';
import { IDEMPOTENT_REQUESTS_TABLE } from './idempotent-requests-table.js';
import { userIdempotencyScope } from './idempotent.interceptor.js';

/**
 * A deleted user's stored answers leave with the rest of their data (docs/security.md): they hold
 * what the user sent and got back (addresses, e-mail addresses, manage links). Run in the service's
 * UserDeleted cascade, in its transaction; running it again deletes nothing.
 */
export async function forgetIdempotentRequestsOfUser(manager: EntityManager, userId: string): Promise<void> {
  await manager.query(`DELETE FROM "${IDEMPOTENT_REQUESTS_TABLE}" WHERE "scope" = $1`, [userIdempotencyScope(userId)]);
}
