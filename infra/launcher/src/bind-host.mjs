import net from 'node:net';

/**
 * Where `npm start` listens. The gateway's own default (0.0.0.0, gateway/src/config.ts) suits a
 * container, where only the published port is reachable; on a developer's machine it would put the
 * development sign-in (anyone becomes anyone, admins included) and /dev/mail (every guest's manage
 * link) on every network the machine is in. So the launcher binds the gateway to the loopback
 * address unless HOST says otherwise. The internal ports (PostgreSQL, Redis, S3, the identity
 * provider, the mail server, the services) stay on 127.0.0.1 whatever HOST says: the gateway is
 * the only door, also to /oidc and /dev/mail.
 */
export const LOOPBACK_HOST = '127.0.0.1';

/** The gateway's listen address: HOST when set, else the loopback address. */
export function publicHost(env = process.env) {
  return env.HOST?.trim() || LOOPBACK_HOST;
}

/** True for an address only this machine reaches (127.0.0.0/8, ::1, localhost). */
export function isLoopback(host) {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost') return true;
  if (net.isIPv4(bare)) return bare.startsWith('127.');
  return bare === '::1' || bare === '::ffff:127.0.0.1';
}

/** The warning `npm start` prints when other machines reach the development sign-in, one line each. */
export function exposureWarning(host, port) {
  return [
    '',
    '!!! ACHTUNG: Flohmarkt ist von anderen Rechnern aus erreichbar !!!',
    `!!! HOST=${host}: Port ${port} lauscht nicht nur auf 127.0.0.1.`,
    '!!! Die Entwicklungs-Anmeldung (/oidc) lässt jeden als jeden anmelden, auch als Admin,',
    '!!! und /dev/mail (ohne SMTP_URL) zeigt jede E-Mail samt den Verwaltungslinks der Gäste.',
    '!!! Nur in einem vertrauenswürdigen Netz verwenden; sonst ohne HOST starten (nur 127.0.0.1).',
    '',
  ];
}
