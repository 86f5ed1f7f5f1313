// The only place that reads the environment. Every variable is checked at start; each bad one
// gets its own message, and main.ts exits with code 1 when there is any.

/** The configuration; what each variable means is in DEV_IDP_SETTINGS below. */
export interface DevIdpConfig {
  port: number;
  host: string;
  issuer?: string;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  cookieKeys: string[];
  dataDir?: string;
  nodeEnv: string;
  allowProduction: boolean;
}

const DEFAULT_PORT = 8090;
/** Where the provider listens when HOST is unset: this machine only. */
const DEFAULT_HOST = '127.0.0.1';
const DEFAULT_CLIENT_ID = 'flohmarkt';
const DEFAULT_NODE_ENV = 'development';

/** One environment variable as docs/settings.md shows it (infra/scripts/settings-docs.mjs reads this list). */
interface SettingDoc {
  name: string;
  default?: string | number | boolean;
  required: boolean;
  description: string;
}

/** Every variable loadConfig reads: the one description of each (docs/settings.md is generated from it). */
export const DEV_IDP_SETTINGS: readonly SettingDoc[] = [
  { name: 'PORT', default: DEFAULT_PORT, required: false, description: 'Port to listen on; 0 picks a free one (tests).' },
  {
    name: 'HOST',
    default: DEFAULT_HOST,
    required: false,
    description:
      'Listen address: this machine only unless set, because anyone who reaches this provider signs in as anyone. Its container image sets `HOST=0.0.0.0` (only its network reaches it there).',
  },
  {
    name: 'OIDC_ISSUER',
    required: false,
    description:
      'Issuer identifier, e.g. http://localhost:8080/oidc; every provider route is served under its path prefix (/oidc). Unset: `http://127.0.0.1:<bound port>/oidc`.',
  },
  {
    name: 'DEV_IDP_CLIENT_ID',
    default: DEFAULT_CLIENT_ID,
    required: false,
    description: 'The one client this provider knows (the auth service), without spaces.',
  },
  { name: 'DEV_IDP_CLIENT_SECRET', required: true, description: 'The client secret the auth service uses at the token endpoint.' },
  {
    name: 'DEV_IDP_REDIRECT_URIS',
    required: true,
    description: 'Comma-separated absolute URLs the client may be sent back to, e.g. http://localhost:8080/api/callback.',
  },
  {
    name: 'DEV_IDP_POST_LOGOUT_REDIRECT_URIS',
    required: true,
    description: 'Comma-separated absolute URLs allowed after sign-out, e.g. http://localhost:8080/.',
  },
  {
    name: 'DEV_IDP_COOKIE_KEYS',
    required: false,
    description: "Comma-separated keys (each at least 16 characters) that sign the provider's cookies; unset: random per start.",
  },
  {
    name: 'DEV_IDP_DATA_DIR',
    required: false,
    description: 'Directory for the signing keys (jwks.json) and the accounts (accounts.json); unset: nothing persists.',
  },
  {
    name: 'NODE_ENV',
    default: DEFAULT_NODE_ENV,
    required: false,
    description: '`production` is refused (anyone could sign in as anyone) unless `DEV_IDP_ALLOW_PRODUCTION=true`.',
  },
  { name: 'DEV_IDP_ALLOW_PRODUCTION', default: false, required: false, description: 'Lets the provider start with `NODE_ENV=production` anyway.' },
];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration of the development identity provider:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const PRODUCTION_REFUSAL =
  'NODE_ENV=production: the development identity provider lets anyone sign in as anyone (any e-mail, no password) ' +
  'and must not run in production. Use a real identity provider, or set DEV_IDP_ALLOW_PRODUCTION=true if you really mean it.';

type Env = Record<string, string | undefined>;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** A required list of absolute http(s) URLs without a fragment; each problem goes to `problems`. */
function uriList(env: Env, name: string, example: string, problems: string[]): string[] {
  const uris = list(env[name]);
  if (uris.length === 0) problems.push(`${name} is required: comma-separated absolute URLs, e.g. ${example}.`);
  for (const uri of uris) {
    if (!isHttpUrl(uri) || uri.includes('#')) problems.push(`${name}: '${uri}' is not an absolute http(s) URL without a fragment.`);
  }
  return uris;
}

/** Throws when production use is not explicitly allowed. Also called by startDevIdp. */
export function assertNotProduction(nodeEnv: string | undefined, allowProduction: boolean): void {
  if (nodeEnv === 'production' && !allowProduction) {
    throw new ConfigError([PRODUCTION_REFUSAL]);
  }
}

/** Reads and validates the configuration; throws ConfigError listing every bad variable. */
export function loadConfig(env: Env = process.env): DevIdpConfig {
  const problems: string[] = [];

  let port = DEFAULT_PORT;
  const rawPort = env.PORT?.trim();
  if (rawPort) {
    const n = Number(rawPort);
    if (!/^\d+$/.test(rawPort) || !Number.isInteger(n) || n < 0 || n > 65535) {
      problems.push(`PORT must be an integer between 0 and 65535, got '${rawPort}'.`);
    } else {
      port = n;
    }
  }

  const host = env.HOST?.trim() || DEFAULT_HOST;

  let issuer: string | undefined;
  const rawIssuer = env.OIDC_ISSUER?.trim();
  if (rawIssuer) {
    if (!isHttpUrl(rawIssuer)) {
      problems.push(`OIDC_ISSUER must be an absolute http(s) URL such as http://localhost:8080/oidc, got '${rawIssuer}'.`);
    } else if (/[?#]/.test(rawIssuer)) {
      problems.push(`OIDC_ISSUER must not have a query or fragment, got '${rawIssuer}'.`);
    } else {
      issuer = rawIssuer.replace(/\/+$/, '');
    }
  }

  let clientId = DEFAULT_CLIENT_ID;
  if (env.DEV_IDP_CLIENT_ID !== undefined) {
    const v = env.DEV_IDP_CLIENT_ID.trim();
    if (!v || /\s/.test(v)) {
      problems.push('DEV_IDP_CLIENT_ID must be a non-empty string without spaces (default: flohmarkt).');
    } else {
      clientId = v;
    }
  }

  const clientSecret = env.DEV_IDP_CLIENT_SECRET ?? '';
  if (!clientSecret.trim()) {
    problems.push('DEV_IDP_CLIENT_SECRET is required (the client secret the gateway uses at the token endpoint).');
  }

  const redirectUris = uriList(env, 'DEV_IDP_REDIRECT_URIS', 'http://localhost:8080/api/callback', problems);
  const postLogoutRedirectUris = uriList(env, 'DEV_IDP_POST_LOGOUT_REDIRECT_URIS', 'http://localhost:8080/', problems);

  const cookieKeys = list(env.DEV_IDP_COOKIE_KEYS);
  if (cookieKeys.some((key) => key.length < 16)) problems.push('DEV_IDP_COOKIE_KEYS: every key must be at least 16 characters long.');

  const dataDir = env.DEV_IDP_DATA_DIR?.trim() || undefined;

  const nodeEnv = env.NODE_ENV?.trim() || DEFAULT_NODE_ENV;

  let allowProduction = false;
  const rawAllow = env.DEV_IDP_ALLOW_PRODUCTION?.trim().toLowerCase();
  if (rawAllow) {
    if (rawAllow === 'true' || rawAllow === '1') {
      allowProduction = true;
    } else if (rawAllow !== 'false' && rawAllow !== '0') {
      problems.push(`DEV_IDP_ALLOW_PRODUCTION must be 'true' or 'false', got '${env.DEV_IDP_ALLOW_PRODUCTION}'.`);
    }
  }

  if (nodeEnv === 'production' && !allowProduction) {
    problems.push(PRODUCTION_REFUSAL);
  }

  if (problems.length > 0) {
    throw new ConfigError(problems);
  }

  return {
    port,
    host,
    issuer,
    clientId,
    clientSecret,
    redirectUris,
    postLogoutRedirectUris,
    cookieKeys,
    dataDir,
    nodeEnv,
    allowProduction,
  };
}
