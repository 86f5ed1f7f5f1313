/*
 * Every kind of mail the product sends, declared once, with whose doing sends it. The stands service
 * names each mail by its kind (server-kit publishMail takes only these), and the mailer counts it
 * against one of an address's two day budgets by it (services/mailer/src/address-budget.ts).
 *
 * 'own': about the recipient's own doing — their registration (its confirmation, decisions, waitlist,
 * reconfirmation), a market they take part in (cancelled, moved, the evening before), the answer to a
 * hold they asked for. 'third-party': what someone else's doing sends — a hold asked for,
 * registrations at one's market, invitations, news of follows, alerts and wishes, and a guest
 * registration's receipt: anyone who knows a confirmed address (an account's counts) can register a
 * stand with it, signed out. Nothing a stranger does can spend the 'own' budget (security reviews:
 * twenty hold requests of one visitor, then twenty signed-out registrations with an account's
 * address, had the mailer drop the owner's `stand-approved`). The confirmation request stays 'own':
 * one a mailbox a day whoever asks. Whatever the kind, a mail to the address a registration made signed out
 * gave is someone else's doing too (MailRequested `aboutGuestStand`): a stranger can register stands with
 * anyone's confirmed address at a market of their own and approve or reject them (a later review).
 */
export const MAIL_KINDS = {
  'mail-confirmation': 'own',
  'stand-approved': 'own',
  'stand-rejected': 'own',
  'stand-waitlisted': 'own',
  'stand-promoted': 'own',
  'event-cancelled': 'own',
  'event-moved': 'own',
  'reconfirmation-asked': 'own',
  'reconfirmation-reminded': 'own',
  'reconfirmation-released': 'own',
  'reminder-seller': 'own',
  'reminder-organiser': 'own',
  'reminder-visitor': 'own',
  'hold-accepted': 'own',
  'hold-declined': 'own',
  'hold-ended': 'own',
  'hold-sold': 'own',
  'guest-registered': 'third-party',
  'hold-requested': 'third-party',
  'registration-digest': 'third-party',
  'invitation-previous-sellers': 'third-party',
  'follow-news': 'third-party',
  'alert-news': 'third-party',
  'wish-news': 'third-party',
} as const satisfies Record<string, 'own' | 'third-party'>;

export type TMailKind = keyof typeof MAIL_KINDS;

/** Which budget a mail of this kind counts against; a kind the product does not know (an older sender's) is someone else's. */
export function mailBudgetOf(kind: string): 'own' | 'third-party' {
  return Object.hasOwn(MAIL_KINDS, kind) ? MAIL_KINDS[kind as TMailKind] : 'third-party';
}
