/**
 * Paths whose next segment is a credential: a guest's manage link (it opens the guest's name and
 * e-mail), a mail's opt-out link and a guest address's confirmation link, as API calls and as the
 * web app's pages.
 */
const TOKEN_PREFIXES = ['/api/guest-stands/', '/api/mail/unsubscribe/', '/api/mail/confirm/', '/anmeldung/', '/abmelden/', '/e-mail-bestaetigen/'];

/**
 * The path as the access log keeps it: a link's token is replaced by `:token`, so nobody who reads
 * the logs can open a guest's registration (and with it their name and e-mail) or change their mail
 * choices. Everything else stays, ids included: they name records, not people.
 */
export function loggablePath(path: string): string {
  const lower = path.toLowerCase();
  for (const prefix of TOKEN_PREFIXES) {
    if (!lower.startsWith(prefix)) continue;
    const rest = path.slice(prefix.length);
    const end = rest.indexOf('/');
    return `${path.slice(0, prefix.length)}:token${end === -1 ? '' : rest.slice(end)}`;
  }
  return path;
}
