// The only place that reads the environment; main.ts exits with every problem listed.

export interface DevMailConfig {
  /** SMTP port; 0 picks a free one (tests). */
  smtpPort: number;
  /** HTTP port of the listing (the gateway proxies /dev/mail to it). */
  httpPort: number;
  host: string;
  /** Where every message is kept as <id>.eml. */
  dir: string;
  /**
   * Tests only: how long the server holds a received message before it keeps it and answers 250,
   * as a slow server would (a test kills the mailer while a mail is in that wait).
   */
  acceptDelayMs: number;
}

const PRODUCTION_REFUSAL =
  'NODE_ENV=production: the development mail server keeps every mail on disk and shows it to anyone at /dev/mail; ' +
  'it must not run in production. Point SMTP_URL at a real mail server instead.';

export function loadDevMailConfig(env: Record<string, string | undefined> = process.env): DevMailConfig {
  const problems: string[] = [];
  if (env.NODE_ENV === 'production') problems.push(PRODUCTION_REFUSAL);
  const port = (name: string, fallback: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0 || value > 65535) problems.push(`${name}: must be a port number (0-65535)`);
    return value;
  };
  const smtpPort = port('DEV_MAIL_SMTP_PORT', 2525);
  const httpPort = port('DEV_MAIL_HTTP_PORT', 18025);
  const dir = env.DEV_MAIL_DIR ?? '';
  if (!dir) problems.push('DEV_MAIL_DIR: must name the folder for the .eml files (e.g. .data/mail)');
  const acceptDelayMs = Number(env.DEV_MAIL_ACCEPT_DELAY_MS ?? 0);
  if (!Number.isFinite(acceptDelayMs) || acceptDelayMs < 0) problems.push('DEV_MAIL_ACCEPT_DELAY_MS: must be 0 or more milliseconds');
  if (problems.length) throw new Error(`Invalid configuration of the development mail server:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  return { smtpPort, httpPort, host: env.DEV_MAIL_HOST || '127.0.0.1', dir, acceptDelayMs };
}
