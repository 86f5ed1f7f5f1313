import type { EntityManager } from 'typeorm';
import type { UserNamesReadModel } from '../read-models/user-names.js';
import type { StandEntity } from '../stands/stand.entity.js';
import { MailAddresses } from './mail-addresses.js';

/** Who a mail goes to: an address the service may mail, and the first name for the greeting. */
export interface MailRecipient {
  address: string;
  firstName: string | null;
  /**
   * The address was given in a registration made signed out: whoever typed it need not own it, so the
   * mailer counts the mail as someone else's doing (contracts MailRequested `aboutGuestStand`).
   */
  guestStand?: boolean;
}

/**
 * A user's account address from the read model (null when it has none), for mail to that account
 * about its own doings: the provider gave the address. It never stands in for a guest's confirmation.
 */
export async function accountRecipient(users: UserNamesReadModel, userId: string): Promise<MailRecipient | null> {
  const [emails, names] = await Promise.all([users.emails([userId]), users.exhibitors([userId])]);
  const address = emails.get(userId);
  return address ? { address, firstName: names.get(userId)?.firstName ?? null } : null;
}

/**
 * Where a mail to a stand's seller goes: the account's address when the stand is that account's
 * (`exhibitorId`); a guest's given address only once it may be mailed in `m` (issue 29: confirmed
 * by its owner, or an account's); else null.
 */
export async function sellerRecipient(m: EntityManager, users: UserNamesReadModel, stand: StandEntity): Promise<MailRecipient | null> {
  if (stand.exhibitorId) return accountRecipient(users, stand.exhibitorId);
  if (!stand.guestEmail || !(await MailAddresses.guestStandConfirmed(m, stand))) return null;
  return { address: stand.guestEmail, firstName: stand.guestFirstName, guestStand: true };
}
