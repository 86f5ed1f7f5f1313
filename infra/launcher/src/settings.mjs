import { LOOPBACK_HOST } from './bind-host.mjs';
import { DEFAULT_PORTS } from './ports.mjs';

/** Where the embedded default keeps its data when DATA_DIR is unset (relative to the repository). */
export const DEFAULT_DATA_DIR = '.data';
/** The bucket of a configured S3 store when S3_BUCKET is unset. */
export const DEFAULT_S3_BUCKET = 'flohmarkt-photos';

/**
 * The variables `npm start` reads itself: the one description of each (docs/settings.md and the table
 * in README.md are generated from this list by infra/scripts/settings-docs.mjs). An entry with `passedTo`
 * is handed to that app unchanged and takes its meaning and default from the app's config schema.
 */
/** The operator's legal details (imprint, privacy page) the gateway shows: passed on by the launcher, listed in .env.example. */
export const OPERATOR_SETTINGS = [
  'OPERATOR_NAME',
  'OPERATOR_ADDRESS',
  'OPERATOR_EMAIL',
  'OPERATOR_PHONE',
  'OPERATOR_REPRESENTATIVE',
  'OPERATOR_REGISTER',
  'OPERATOR_VAT_ID',
  'PRIVACY_EMAIL',
];

export const LAUNCHER_SETTINGS = [
  { name: 'PORT', default: DEFAULT_PORTS.gateway, description: 'Port of the product.' },
  {
    name: 'HOST',
    default: LOOPBACK_HOST,
    description:
      'Where the product listens: this machine only. Set `HOST=0.0.0.0` (with `PUBLIC_URL` the address they use) to reach it from other machines, e.g. a phone in the same network; the console then warns loudly, because the development sign-in lets anyone sign in as anyone, admins included, and `/dev/mail` shows every mail. The internal ports stay on 127.0.0.1 whatever `HOST` says.',
  },
  { name: 'PUBLIC_URL', description: 'The public origin (cookies, CSRF, sign-in redirects); unset: `http://localhost:$PORT`.' },
  { name: 'DATABASE_URL', description: 'Use this PostgreSQL instead of the embedded one (unset: embedded PostgreSQL in `.data/postgres`).' },
  { name: 'REDIS_URL', description: 'Use this Redis instead (unset: a local `redis-server` on port 16379, data in `.data/redis`).' },
  {
    name: 'S3_ENDPOINT',
    description: 'Use this S3/MinIO (with `S3_BUCKET`, `S3_ACCESS_KEY`, `S3_SECRET_KEY`) instead of the local S3 server in `.data/s3`.',
  },
  { name: 'S3_BUCKET', default: DEFAULT_S3_BUCKET, description: 'The bucket at `S3_ENDPOINT`.' },
  { name: 'S3_ACCESS_KEY', description: 'Access key at `S3_ENDPOINT`.' },
  { name: 'S3_SECRET_KEY', description: 'Secret key at `S3_ENDPOINT`.' },
  {
    name: 'SMTP_URL',
    description:
      'Send mails through this SMTP server (with `MAIL_FROM`); unset: the development mail server keeps every mail in `.data/mail`, listed at `/dev/mail`.',
  },
  { name: 'MAIL_FROM', passedTo: 'mailer' },
  { name: 'ADMIN_EMAILS', passedTo: 'auth' },
  { name: 'FEEDBACK_URL', passedTo: 'gateway' },
  ...OPERATOR_SETTINGS.map((name) => ({ name, passedTo: 'gateway' })),
  {
    name: 'DATA_DIR',
    default: DEFAULT_DATA_DIR,
    description: 'Where the embedded default keeps its data, logs (`.data/logs/*.log`) and generated secrets.',
  },
  {
    name: 'INTERNAL_PORTS',
    description:
      '`free`: every internal port taken at random, so that a second product runs beside the first (e.g. `PORT=8081 INTERNAL_PORTS=free DATA_DIR=.data2 npm start`); unset: the fixed ports of the README, and `npm start` stops when one is taken.',
  },
];
