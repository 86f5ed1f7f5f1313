import type { EntityManager } from 'typeorm';
import { publish } from '@flohmarkt/server-kit';

/**
 * Announces a user's display names, e-mail and profile visibility (UserProfileChanged, the stands service's read model) inside
 * the caller's transaction, after its write to the user.
 *
 * Version: the next value of the user_profile_version sequence, drawn after the user's row is
 * locked (by the caller's write, or here with FOR UPDATE). A second transaction changing the same
 * user draws its value only after the first has committed, so versions follow commit order per
 * user, and the names are read under that lock: the highest version carries the row as committed.
 */
export async function announceProfile(m: EntityManager, userId: string): Promise<void> {
  const rows = (await m.query(`SELECT "first_name", "last_name", "email" FROM "users" WHERE "id" = $1 FOR UPDATE`, [userId])) as {
    first_name: string | null;
    last_name: string | null;
    email: string;
  }[];
  if (!rows.length) return;
  // Read under the user's lock too: a profile change announces through here after its own write.
  const profiles = (await m.query(`SELECT "visibility" FROM "exhibitor_profiles" WHERE "user_id" = $1`, [userId])) as { visibility: string }[];
  const profilePublic = profiles[0]?.visibility !== 'private';
  const [{ version }] = (await m.query(`SELECT nextval('"user_profile_version"') AS "version"`)) as { version: string }[];
  await publish(m, 'UserProfileChanged', {
    userId,
    firstName: rows[0].first_name,
    lastName: rows[0].last_name,
    email: rows[0].email,
    profilePublic,
    version: Number(version),
  });
}
