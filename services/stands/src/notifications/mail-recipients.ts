import type { EntityManager } from 'typeorm';
import type { UserNamesReadModel } from '../read-models/user-names.js';
import type { StandEntity } from '../stands/stand.entity.js';
import { MailAddresses } from './mail-addresses.js';

/** Who a mail goes to: an address the service may mail, and the first name for the greeting. */
export interface MailRecipient {
  address: string;
  firstName: string | null;
}

/** A user's account address from the read model (null when it has none): an account's address may always be mailed. */
export async function accountRecipient(users: UserNamesReadModel, userId: string): Promise<MailRecipient | null> {
  const [emails, names] = await Promise.all([users.emails([userId]), users.exhibitors([userId])]);
  const address = emails.get(userId);
  return address ? { address, firstName: names.get(userId)?.firstName ?? null } : null;
}

/**
 * Where a mail to a stand's seller goes: a signed-in seller's account address, a guest's given
 * address only once its owner confirmed it in `m` (issue 29: mail only those who asked); else null.
 */
export async function sellerRecipient(m: EntityManager, users: UserNamesReadModel, stand: StandEntity): Promise<MailRecipient | null> {
  if (stand.exhibitorId) return accountRecipient(users, stand.exhibitorId);
  if (!stand.guestEmail || !(await MailAddresses.mayMail(m, stand.guestEmail))) return null;
  return { address: stand.guestEmail, firstName: stand.guestFirstName };
}
