/**
 * The mailbox an address reaches: the key of every per-address mail budget (the stands service's
 * confirmation requests, the mailer's budgets), so that `Victim+1@example.org`, `victim+2@example.org`
 * and `victim@example.org` count as one, and `vic.tim@gmail.com` and `victim@googlemail.com` too.
 * Lower case; the local part ends before its first `+` at every domain (a budget would rather count
 * two people as one than one person as many); at gmail.com (googlemail.com is the same mailbox) its
 * dots do not count. The domain stays as written otherwise (an umlaut or IDN domain is not
 * converted). Only a key: a mail goes to the address exactly as it was given.
 */
export function mailboxKey(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1).replace(/\.$/, '');
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replaceAll('.', '') || local;
  return `${local}@${domain}`;
}
