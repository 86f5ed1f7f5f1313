import { PUBLIC_CALLS } from '@flohmarkt/contracts';

/** The web app's pages of those links (a guest's manage link, a mail's opt-out and confirmation links). */
// The mail links' pages, and (issue 36) the seller's "Bist du dabei?" link and a team invite's code.
const TOKEN_PAGES = ['/anmeldung/', '/abmelden/', '/e-mail-bestaetigen/', '/dabei/', '/team/'];

/**
 * Paths whose next segment is a credential: the calls declared with a secret in their path (a
 * guest's manage link opens the guest's name and e-mail) and the pages that make them.
 */
const TOKEN_PREFIXES = [
  ...new Set(PUBLIC_CALLS.filter((call) => call.secretInPath).map((call) => `/api${call.path.slice(0, call.path.indexOf(':'))}`.toLowerCase())),
  ...TOKEN_PAGES,
];

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
