import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import Provider, { type Account, type ErrorOut, type KoaContextWithOIDC } from 'oidc-provider';

import { AccountStore, emailFromAccountId } from './accounts.js';
import { memoryAdapterFactory, MemoryStore } from './adapter.js';
import { assertNotProduction, type DevIdpConfig } from './config.js';
import { cookieKeysOrRandom, loadSigningKeys } from './keys.js';
import { createLogger, type Logger } from './log.js';
import {
  errorMessageFor,
  escapeHtml,
  LOGOUT_SCRIPT,
  renderLoginPage,
  renderLogoutPage,
  renderMessagePage,
  STYLESHEET,
  type LoginErrors,
  type LoginValues,
} from './views.js';

export type { DevIdpConfig } from './config.js';

export interface DevIdp {
  /** The issuer URL, e.g. http://127.0.0.1:51234/oidc. */
  url: string;
  /** The port the server listens on. */
  port: number;
  close(): Promise<void>;
}

export interface StartOptions {
  logger?: Logger;
}

const SCOPES = ['openid', 'email', 'profile'] as const;
const SCOPE = SCOPES.join(' ');
const MAX_FORM_BYTES = 16 * 1024;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

// Served with every response. No inline script anywhere; oidc-provider adds the hash of its own
// auto-submit snippet (used when a logout arrives without a provider session) to script-src itself.
// No form-action: browsers apply it to the redirects after a form post (to the client's redirect_uri).
const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; base-uri 'none'; frame-ancestors 'none'";

/** What the provider answers itself besides its pages, by path under the prefix (reads only). */
const OWN_FILES = new Map([
  ['/health', { type: 'application/json; charset=utf-8', body: JSON.stringify({ status: 'ok' }), cache: 'no-store' }],
  ['/assets/style.css', { type: 'text/css; charset=utf-8', body: STYLESHEET, cache: 'public, max-age=3600' }],
  ['/assets/logout.js', { type: 'text/javascript; charset=utf-8', body: LOGOUT_SCRIPT, cache: 'public, max-age=3600' }],
]);

function setCommonHeaders(res: ServerResponse): void {
  res.setHeader('Content-Security-Policy', CSP);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
}

function send(res: ServerResponse, status: number, type: string, body: string, extra: Record<string, string> = {}): void {
  res.statusCode = status;
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Length', Buffer.byteLength(body));
  for (const [k, v] of Object.entries(extra)) res.setHeader(k, v);
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    throw Object.assign(new Error('unsupported content type'), { status: 415 });
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) throw Object.assign(new Error('form too large'), { status: 413 });
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function validateLogin(form: URLSearchParams): { values: LoginValues; errors: LoginErrors } {
  const values: LoginValues = {
    email: (form.get('email') ?? '').trim().toLowerCase(),
    firstName: (form.get('firstName') ?? '').trim().replace(/\s+/g, ' '),
    lastName: (form.get('lastName') ?? '').trim().replace(/\s+/g, ' '),
  };
  const errors: LoginErrors = {};
  if (!values.email) errors.email = 'Bitte gib deine E-Mail-Adresse ein.';
  else if (values.email.length > 254 || !EMAIL_PATTERN.test(values.email)) errors.email = 'Bitte gib eine gültige E-Mail-Adresse ein.';
  if (!values.firstName) errors.firstName = 'Bitte gib deinen Vornamen ein.';
  else if (values.firstName.length > 100) errors.firstName = 'Der Vorname darf höchstens 100 Zeichen lang sein.';
  if (!values.lastName) errors.lastName = 'Bitte gib deinen Nachnamen ein.';
  else if (values.lastName.length > 100) errors.lastName = 'Der Nachname darf höchstens 100 Zeichen lang sein.';
  return { values, errors };
}

/** A saved grant of the product's scopes to the client: no consent step, the one client is first-party. */
async function grantScopes(provider: Provider, accountId: string | undefined, clientId: string) {
  const grant = new provider.Grant({ accountId, clientId });
  grant.addOIDCScope(SCOPE);
  return { grant, grantId: await grant.save() };
}

/** Starts the development identity provider. With port 0 it picks a free port (tests). */
export async function startDevIdp(config: DevIdpConfig, options: StartOptions = {}): Promise<DevIdp> {
  assertNotProduction(config.nodeEnv, config.allowProduction);
  const log = options.logger ?? createLogger();

  const accounts = await AccountStore.open(config.dataDir);
  const { jwks, source: keySource } = await loadSigningKeys(config.dataDir);
  const store = new MemoryStore();

  // The provider needs its issuer at construction; with port 0 that is known only after listening,
  // so the server starts first and hands requests to the provider once it exists.
  const handler: { route?: (req: IncomingMessage, res: ServerResponse) => void } = {};
  const server: Server = createServer((req, res) => {
    if (handler.route) handler.route(req, res);
    else send(res, 503, 'application/json; charset=utf-8', JSON.stringify({ status: 'starting' }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  const issuer = (config.issuer ?? `http://127.0.0.1:${port}/oidc`).replace(/\/+$/, '');
  const issuerUrl = new URL(issuer);
  // Every route lives under the issuer's path prefix ('' when the issuer has no path).
  const prefix = issuerUrl.pathname.replace(/\/+$/, '');

  const findAccount = async (_ctx: unknown, id: string): Promise<Account | undefined> => {
    const record = accounts.get(id);
    const email = record?.email ?? emailFromAccountId(id);
    if (!record || !email) return undefined;
    return {
      accountId: id,
      claims: () => ({
        sub: id,
        email,
        // The product grants ADMIN_EMAILS and links legacy accounts only for a verified e-mail.
        email_verified: true,
        given_name: record.firstName,
        family_name: record.lastName,
        name: `${record.firstName} ${record.lastName}`.trim(),
        ...(record.picture ? { picture: record.picture } : {}),
      }),
    };
  };

  const provider = new Provider(issuer, {
    adapter: memoryAdapterFactory(store),
    clients: [
      {
        client_id: config.clientId,
        client_secret: config.clientSecret,
        client_name: 'Flohmarkt',
        application_type: 'web',
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        scope: SCOPE,
        redirect_uris: config.redirectUris,
        post_logout_redirect_uris: config.postLogoutRedirectUris,
      },
    ],
    clientAuthMethods: ['client_secret_basic'],
    responseTypes: ['code'],
    scopes: [...SCOPES],
    claims: {
      acr: null,
      auth_time: null,
      iss: null,
      sid: null,
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name', 'picture'],
    },
    // The id token carries the claims of the granted scopes (not only userinfo), so the product can
    // read e-mail and names straight from it.
    conformIdTokenClaims: false,
    pkce: { required: () => true }, // S256 is the only method oidc-provider 9 accepts
    findAccount,
    // No consent step: the only client is first-party, so openid/email/profile are granted at once.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { oidc } = ctx;
      const clientId = oidc.client!.clientId;
      const accountId = oidc.session!.accountId;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session!.grantIdFor(clientId);
      if (grantId) {
        const existing = await oidc.provider.Grant.find(grantId);
        if (existing && existing.accountId === accountId && existing.clientId === clientId) return existing;
      }
      return (await grantScopes(oidc.provider, accountId, clientId)).grant;
    },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `${prefix}/interaction/${interaction.uid}`,
    },
    cookies: {
      keys: cookieKeysOrRandom(config.cookieKeys),
      long: { httpOnly: true, sameSite: 'lax', path: prefix || '/' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    jwks,
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: true },
      introspection: { enabled: false },
      revocation: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
          ctx.type = 'html';
          ctx.body = renderLogoutPage(prefix, form);
        },
        postLogoutSuccessSource: async (ctx: KoaContextWithOIDC) => {
          ctx.type = 'html';
          ctx.body = renderMessagePage(prefix, 'Abgemeldet', 'Du bist abgemeldet.');
        },
      },
    },
    renderError: async (ctx: KoaContextWithOIDC, out: ErrorOut) => {
      ctx.type = 'html';
      ctx.body = renderMessagePage(prefix, 'Anmeldung nicht möglich', errorMessageFor(out.error)).replace(
        '</main>',
        `<p class="hint">${escapeHtml(out.error)}${out.error_description ? `: ${escapeHtml(out.error_description)}` : ''}</p>\n</main>`,
      );
    },
    ttl: {
      AccessToken: 60 * 60,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Session: 14 * 24 * 60 * 60,
      Grant: 14 * 24 * 60 * 60,
    },
  });
  // Behind the gateway the product's origin comes from X-Forwarded-Host/Proto.
  provider.proxy = true;
  // Koa would print errors itself; they are logged as JSON below instead.
  provider.silent = true;
  provider.on('server_error', (_ctx: unknown, err: unknown) => log.error('provider server error', { err }));
  provider.on('authorization.error', (_ctx: unknown, err: Error) => log.warn('authorization error', { error: err.message }));
  provider.on('grant.error', (_ctx: unknown, err: Error) => log.warn('token endpoint error', { error: err.message }));
  provider.on('end_session.error', (_ctx: unknown, err: Error) => log.warn('end session error', { error: err.message }));
  provider.on('end_session.success', () => log.info('signed out'));

  const providerCallback = provider.callback();

  const interactionPath = new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/interaction/([A-Za-z0-9_-]+)$`);

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string): Promise<void> {
    let details;
    try {
      details = await provider.interactionDetails(req, res);
    } catch {
      details = undefined;
    }
    if (!details || details.uid !== uid) {
      send(res, 400, 'text/html; charset=utf-8', renderMessagePage(prefix, 'Anmeldung abgelaufen', errorMessageFor('session_not_found')));
      return;
    }

    if (details.prompt.name !== 'login') {
      // Only 'consent' could get here, and loadExistingGrant already answers it; grant and go on.
      const { grantId } = await grantScopes(provider, details.session?.accountId, String(details.params.client_id));
      await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
      return;
    }

    const action = `${prefix}/interaction/${uid}`;
    if (req.method === 'GET' || req.method === 'HEAD') {
      const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint.trim().toLowerCase() : '';
      const values: LoginValues = { email: EMAIL_PATTERN.test(hint) ? hint : '', firstName: '', lastName: '' };
      send(res, 200, 'text/html; charset=utf-8', renderLoginPage({ prefix, action, values }), { 'Cache-Control': 'no-store' });
      return;
    }
    if (req.method !== 'POST') {
      send(res, 405, 'text/plain; charset=utf-8', 'Method Not Allowed', { Allow: 'GET, HEAD, POST' });
      return;
    }

    let form: URLSearchParams;
    try {
      form = await readForm(req);
    } catch (err) {
      const status = (err as { status?: number }).status ?? 400;
      send(res, status, 'text/html; charset=utf-8', renderMessagePage(prefix, 'Ungültige Anfrage', 'Das Formular konnte nicht gelesen werden.'));
      return;
    }
    const { values, errors } = validateLogin(form);
    if (Object.keys(errors).length > 0) {
      send(res, 400, 'text/html; charset=utf-8', renderLoginPage({ prefix, action, values, errors }), { 'Cache-Control': 'no-store' });
      return;
    }
    const accountId = await accounts.upsert(values);
    // The account id is the e-mail in base64url (accounts.ts): the log keeps only a digest of it,
    // enough to follow one person's sign-ins, never the address.
    log.info('signed in', { account: createHash('sha256').update(accountId).digest('hex').slice(0, 16) });
    await provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
  }

  function route(req: IncomingMessage, res: ServerResponse): void {
    const rawUrl = req.url ?? '/';
    const path = rawUrl.split('?')[0]!;
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      // The query is never logged: it carries codes and id_token_hint.
      log.info('request', {
        method: req.method,
        path,
        status: res.statusCode,
        ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
      });
    });
    setCommonHeaders(res);

    if (prefix && path !== prefix && !path.startsWith(`${prefix}/`)) {
      send(res, 404, 'application/json; charset=utf-8', JSON.stringify({ message: 'Nicht gefunden' }));
      return;
    }
    const sub = path.slice(prefix.length) || '/';
    const isRead = req.method === 'GET' || req.method === 'HEAD';

    const own = isRead ? OWN_FILES.get(sub) : undefined;
    if (own) {
      send(res, 200, own.type, own.body, { 'Cache-Control': own.cache });
      return;
    }
    const match = interactionPath.exec(path);
    if (match) {
      interaction(req, res, match[1]!).catch((err: unknown) => {
        log.error('interaction failed', { err });
        if (!res.headersSent) {
          send(res, 500, 'text/html; charset=utf-8', renderMessagePage(prefix, 'Fehler', errorMessageFor('server_error')));
        } else {
          res.destroy();
        }
      });
      return;
    }

    // Everything else is oidc-provider's, mounted at the prefix: it sees the path without the prefix
    // and derives the mount path (for the URLs it builds) from originalUrl, like Express' app.use(prefix).
    (req as IncomingMessage & { originalUrl?: string }).originalUrl = rawUrl;
    req.url = rawUrl.slice(prefix.length) || '/';
    if (req.url.startsWith('?')) req.url = `/${req.url}`;
    providerCallback(req, res).catch((err: unknown) => {
      log.error('provider failed', { err });
      if (!res.headersSent) send(res, 500, 'application/json; charset=utf-8', JSON.stringify({ message: 'Interner Fehler' }));
    });
  }
  handler.route = route;

  log.info('development identity provider started', {
    issuer,
    host: config.host,
    port,
    clientId: config.clientId,
    redirectUris: config.redirectUris,
    postLogoutRedirectUris: config.postLogoutRedirectUris,
    signingKeys: keySource,
    dataDir: config.dataDir ?? null,
  });
  log.warn('anyone can sign in here as anyone (any e-mail, no password); never expose this in production');

  let closing: Promise<void> | undefined;
  return {
    url: issuer,
    port,
    close(): Promise<void> {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((err) => {
          store.close();
          if (err) reject(err);
          else resolve();
        });
        server.closeIdleConnections();
        // Busy keep-alive connections get a moment to finish, then are cut.
        setTimeout(() => server.closeAllConnections(), 3000).unref();
      });
      return closing;
    },
  };
}
