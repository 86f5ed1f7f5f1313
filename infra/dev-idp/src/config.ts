// The only place that reads the environment. Every variable is checked at start; each bad one
// gets its own message, and main.ts exits with code 1 when there is any.

export interface DevIdpConfig {
  /** Port to listen on; 0 picks a free one (tests). */
  port: number;
  /**
   * Listen address (HOST): 127.0.0.1 unless set, because anyone who reaches this provider signs in
   * as anyone. Its container image sets HOST=0.0.0.0 (only its network reaches it there).
   */
  host: string;
  /**
   * Issuer identifier, e.g. http://localhost:8080/oidc. Every provider route is served under its
   * path prefix (/oidc). When unset: http://127.0.0.1:<bound port>/oidc.
   */
  issuer?: string;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  /** Keys that sign the provider's cookies; random per start when empty. */
  cookieKeys: string[];
  /** Directory for the signing keys (jwks.json) and the accounts (accounts.json); nothing persists without it. */
  dataDir?: string;
  nodeEnv: string;
  allowProduction: boolean;
}

/** Where the provider listens when HOST is unset: this machine only. */
const DEFAULT_HOST = '127.0.0.1';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration of the development identity provider:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export const PRODUCTION_REFUSAL =
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

/** Throws when production use is not explicitly allowed. Also called by startDevIdp. */
export function assertNotProduction(nodeEnv: string | undefined, allowProduction: boolean): void {
  if (nodeEnv === 'production' && !allowProduction) {
    throw new ConfigError([PRODUCTION_REFUSAL]);
  }
}

/** Reads and validates the configuration; throws ConfigError listing every bad variable. */
export function loadConfig(env: Env = process.env): DevIdpConfig {
  const problems: string[] = [];

  let port = 8090;
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
    let url: URL | undefined;
    try {
      url = new URL(rawIssuer);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      problems.push(`OIDC_ISSUER must be an absolute http(s) URL such as http://localhost:8080/oidc, got '${rawIssuer}'.`);
    } else if (url.search || url.hash || rawIssuer.includes('?') || rawIssuer.includes('#')) {
      problems.push(`OIDC_ISSUER must not have a query or fragment, got '${rawIssuer}'.`);
    } else {
      issuer = rawIssuer.replace(/\/+$/, '');
    }
  }

  let clientId = 'flohmarkt';
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

  const redirectUris = list(env.DEV_IDP_REDIRECT_URIS);
  if (redirectUris.length === 0) {
    problems.push('DEV_IDP_REDIRECT_URIS is required: comma-separated absolute URLs, e.g. http://localhost:8080/api/callback.');
  }
  for (const uri of redirectUris) {
    if (!isHttpUrl(uri) || uri.includes('#')) {
      problems.push(`DEV_IDP_REDIRECT_URIS: '${uri}' is not an absolute http(s) URL without a fragment.`);
    }
  }

  const postLogoutRedirectUris = list(env.DEV_IDP_POST_LOGOUT_REDIRECT_URIS);
  if (postLogoutRedirectUris.length === 0) {
    problems.push('DEV_IDP_POST_LOGOUT_REDIRECT_URIS is required: comma-separated absolute URLs, e.g. http://localhost:8080/.');
  }
  for (const uri of postLogoutRedirectUris) {
    if (!isHttpUrl(uri) || uri.includes('#')) {
      problems.push(`DEV_IDP_POST_LOGOUT_REDIRECT_URIS: '${uri}' is not an absolute http(s) URL without a fragment.`);
    }
  }

  const cookieKeys = list(env.DEV_IDP_COOKIE_KEYS);
  for (const key of cookieKeys) {
    if (key.length < 16) {
      problems.push('DEV_IDP_COOKIE_KEYS: every key must be at least 16 characters long.');
      break;
    }
  }

  const dataDir = env.DEV_IDP_DATA_DIR?.trim() || undefined;

  const nodeEnv = env.NODE_ENV?.trim() || 'development';

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
