import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { accountIdFor, emailFromAccountId } from './accounts.js';
import { ConfigError, loadConfig, type DevIdpConfig } from './config.js';
import { silentLogger } from './log.js';
import { startDevIdp, type DevIdp } from './server.js';

const CLIENT_ID = 'flohmarkt';
const CLIENT_SECRET = 'test-secret-0123456789';
const REDIRECT_URI = 'http://127.0.0.1:9/api/callback';
const POST_LOGOUT_URI = 'http://127.0.0.1:9/';

function testConfig(overrides: Partial<DevIdpConfig> = {}): DevIdpConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUris: [REDIRECT_URI],
    postLogoutRedirectUris: [POST_LOGOUT_URI],
    cookieKeys: [],
    nodeEnv: 'test',
    allowProduction: false,
    ...overrides,
  };
}

/** A minimal cookie jar: name -> value, deletions honoured, paths ignored (all cookies go everywhere). */
class Browser {
  private readonly cookies = new Map<string, string>();

  async request(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) {
      headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    }
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => {
        const [k, v] = a.trim().split('=');
        if (k!.toLowerCase() === 'max-age') return Number(v) <= 0;
        if (k!.toLowerCase() === 'expires') return new Date(v!).getTime() <= Date.now();
        return false;
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** Follows redirects (GET) until a non-redirect answer or a URL starting with `stopAt`. */
  async follow(start: string | URL, stopAt: string, res?: Response): Promise<{ url: string; res?: Response }> {
    let url = String(start);
    for (let hops = 0; hops < 20; hops++) {
      if (url.startsWith(stopAt)) return { url, res };
      res = await this.request(url);
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) return { url, res };
      url = new URL(location, url).href;
    }
    throw new Error('too many redirects');
  }
}

interface ParsedForm {
  method: string;
  action: string;
  inputs: Array<Record<string, string>>;
  buttons: Array<Record<string, string>>;
  formCount: number;
}

function attributes(tag: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of tag.matchAll(/([a-zA-Z_:.-]+)(?:\s*=\s*"([^"]*)")?/g)) {
    if (m[1] && !/^(input|button|form)$/i.test(m[1])) attrs[m[1].toLowerCase()] = m[2] ?? '';
  }
  return attrs;
}

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function parseForm(html: string): ParsedForm {
  const forms = html.match(/<form\b[^>]*>/gi) ?? [];
  const formTag = attributes(forms[0] ?? '');
  const body = html.slice(html.search(/<form\b/i), html.search(/<\/form>/i));
  return {
    formCount: forms.length,
    method: (formTag.method ?? 'get').toLowerCase(),
    action: decodeEntities(formTag.action ?? ''),
    inputs: (body.match(/<input\b[^>]*>/gi) ?? []).map((t) => Object.fromEntries(Object.entries(attributes(t)).map(([k, v]) => [k, decodeEntities(v)]))),
    buttons: (html.match(/<button\b[^>]*>/gi) ?? []).map(attributes),
  };
}

function hiddenFields(form: ParsedForm): URLSearchParams {
  const body = new URLSearchParams();
  for (const input of form.inputs) if (input.name) body.append(input.name, input.value ?? '');
  return body;
}

async function discover(idp: DevIdp): Promise<oidc.Configuration> {
  return oidc.discovery(new URL(idp.url), CLIENT_ID, CLIENT_SECRET, oidc.ClientSecretBasic(CLIENT_SECRET), {
    execute: [oidc.allowInsecureRequests],
  });
}

interface SignIn {
  browser: Browser;
  tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  loginHtml: string;
}

async function signIn(config: oidc.Configuration, person: { email: string; firstName: string; lastName: string }, browser = new Browser()): Promise<SignIn> {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const authUrl = oidc.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT_URI,
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });

  const toLogin = await browser.follow(authUrl, REDIRECT_URI);
  expect(toLogin.res?.status).toBe(200);
  expect(toLogin.res?.headers.get('content-type')).toMatch(/text\/html/);
  const loginHtml = await toLogin.res!.text();
  const form = parseForm(loginHtml);
  expect(form.formCount).toBe(1);
  expect(form.method).toBe('post');

  const body = new URLSearchParams();
  for (const input of form.inputs) if (input.name && input.type === 'hidden') body.set(input.name, input.value ?? '');
  body.set('email', person.email);
  body.set('firstName', person.firstName);
  body.set('lastName', person.lastName);
  const posted = await browser.request(new URL(form.action, toLogin.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  expect(posted.status).toBe(303);
  const callback = await browser.follow(new URL(posted.headers.get('location')!, toLogin.url), REDIRECT_URI);
  expect(callback.url.startsWith(REDIRECT_URI)).toBe(true);

  const tokens = await oidc.authorizationCodeGrant(config, new URL(callback.url), {
    pkceCodeVerifier: verifier,
    expectedState: state,
    expectedNonce: nonce,
    idTokenExpected: true,
  });
  return { browser, tokens, loginHtml };
}

describe('development identity provider', () => {
  let idp: DevIdp;
  let config: oidc.Configuration;

  beforeAll(async () => {
    idp = await startDevIdp(testConfig(), { logger: silentLogger });
    config = await discover(idp);
  });

  afterAll(async () => {
    await idp?.close();
  });

  it('serves discovery under the issuer path with code + PKCE S256 + client_secret_basic', () => {
    const meta = config.serverMetadata();
    expect(idp.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/oidc$/);
    expect(meta.issuer).toBe(idp.url);
    expect(meta.authorization_endpoint).toBe(`${idp.url}/auth`);
    expect(meta.token_endpoint).toBe(`${idp.url}/token`);
    expect(meta.end_session_endpoint).toBe(`${idp.url}/session/end`);
    expect(meta.code_challenge_methods_supported).toEqual(['S256']);
    expect(meta.response_types_supported).toEqual(['code']);
    expect(meta.token_endpoint_auth_methods_supported).toEqual(['client_secret_basic']);
    expect(meta.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
  });

  it('answers health under the prefix', async () => {
    const res = await fetch(`${idp.url}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('uses X-Forwarded-Host/Proto behind the gateway', async () => {
    const res = await fetch(`${idp.url}/.well-known/openid-configuration`, {
      headers: { 'x-forwarded-host': 'localhost:8080', 'x-forwarded-proto': 'http' },
    });
    const meta = (await res.json()) as Record<string, string>;
    expect(meta.authorization_endpoint).toBe('http://localhost:8080/oidc/auth');
    expect(meta.jwks_uri).toBe('http://localhost:8080/oidc/jwks');
  });

  it('signs in through the login form and issues an id token with the claims', async () => {
    const { tokens, loginHtml } = await signIn(config, { email: '  Erika.Muster@Example.DE ', firstName: 'Erika', lastName: 'Mustermann' });

    const form = parseForm(loginHtml);
    const names = form.inputs.map((i) => i.name);
    expect(names).toEqual(expect.arrayContaining(['email', 'firstName', 'lastName']));
    expect(form.inputs.filter((i) => i.type !== 'hidden')).toHaveLength(3);
    const submits = [...form.buttons.filter((b) => (b.type ?? 'submit') === 'submit'), ...form.inputs.filter((i) => i.type === 'submit')];
    expect(submits).toHaveLength(1);
    expect(loginHtml).toContain('>Anmelden</button>');
    expect(loginHtml).toContain('lang="de"');
    expect(loginHtml).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i); // no inline script
    expect(loginHtml).not.toMatch(/https?:\/\//); // no external assets

    const claims = tokens.claims()!;
    expect(claims.iss).toBe(idp.url);
    expect(claims.aud).toBe(CLIENT_ID);
    expect(claims.sub).toBe(accountIdFor('erika.muster@example.de'));
    expect(claims.email).toBe('erika.muster@example.de');
    expect(claims.email_verified).toBe(true);
    expect(claims.given_name).toBe('Erika');
    expect(claims.family_name).toBe('Mustermann');
    expect(claims.name).toBe('Erika Mustermann');
    expect(claims).not.toHaveProperty('picture');

    const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    expect(userinfo).toMatchObject({ email: 'erika.muster@example.de', given_name: 'Erika', family_name: 'Mustermann' });
  });

  it('keeps the subject for the same e-mail and updates the names', async () => {
    const first = await signIn(config, { email: 'max@example.de', firstName: 'Max', lastName: 'Muster' });
    const second = await signIn(config, { email: 'MAX@example.de', firstName: 'Maximilian', lastName: 'Neumann' });
    expect(second.tokens.claims()!.sub).toBe(first.tokens.claims()!.sub);
    expect(second.tokens.claims()).toMatchObject({ given_name: 'Maximilian', family_name: 'Neumann', email: 'max@example.de' });
  });

  it('re-renders the form with German messages when a field is missing', async () => {
    const browser = new Browser();
    const authUrl = oidc.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const login = await browser.follow(authUrl, REDIRECT_URI);
    const form = parseForm(await login.res!.text());
    const res = await browser.request(new URL(form.action, login.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'kein-at-zeichen', firstName: '', lastName: 'X' }),
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Bitte gib eine gültige E-Mail-Adresse ein.');
    expect(html).toContain('Bitte gib deinen Vornamen ein.');
  });

  it('requires PKCE', async () => {
    const authUrl = oidc.buildAuthorizationUrl(config, { redirect_uri: REDIRECT_URI, scope: 'openid email profile', state: 'abc' });
    const res = await fetch(authUrl, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(location.href.startsWith(REDIRECT_URI)).toBe(true);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toMatch(/PKCE/);
  });

  it('ends the session on RP-initiated logout and redirects to the post_logout_redirect_uri without a click', async () => {
    const { browser, tokens } = await signIn(config, { email: 'logout@example.de', firstName: 'Lena', lastName: 'Los' });
    const endSession = oidc.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: POST_LOGOUT_URI,
      state: 'bye',
    });

    const page = await browser.request(endSession);
    expect(page.status).toBe(200);
    const html = await page.text();
    // The page submits its form by itself through a script file served by this process.
    const scriptSrc = /<script\b[^>]*\bsrc="([^"]+)"/i.exec(html)?.[1];
    expect(scriptSrc).toBe('/oidc/assets/logout.js');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
    const script = await fetch(new URL(scriptSrc!, endSession));
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(await script.text()).toContain("getElementById('op.logoutForm')");

    // Submit the form the way logout.js does: every (hidden) input, no button.
    const form = parseForm(html);
    expect(form.formCount).toBe(1);
    expect(form.method).toBe('post');
    const body = new URLSearchParams(hiddenFields(form));
    expect(body.get('logout')).toBe('yes');
    expect(body.get('xsrf')).toBeTruthy();
    const confirmed = await browser.request(new URL(form.action, endSession), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    expect(confirmed.status).toBe(303);
    const target = new URL(confirmed.headers.get('location')!);
    expect(`${target.origin}${target.pathname}`).toBe(POST_LOGOUT_URI);
    expect(target.searchParams.get('state')).toBe('bye');

    // The provider session is gone: a new sign-in shows the form again instead of signing in silently.
    const authUrl = oidc.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const again = await browser.follow(authUrl, REDIRECT_URI);
    expect(again.url).toContain('/oidc/interaction/');
    expect(again.res?.status).toBe(200);
  });

  it('ends the session with client_id and post_logout_redirect_uri alone, so no ID token travels in a URL', async () => {
    const { browser } = await signIn(config, { email: 'ohne.token@example.de', firstName: 'Otto', lastName: 'Ohne' });
    const endSession = oidc.buildEndSessionUrl(config, { post_logout_redirect_uri: POST_LOGOUT_URI });
    expect(endSession.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(endSession.searchParams.has('id_token_hint')).toBe(false);

    const page = await browser.request(endSession);
    expect(page.status).toBe(200);
    const form = parseForm(await page.text());
    const confirmed = await browser.request(new URL(form.action, endSession), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(hiddenFields(form)),
    });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(POST_LOGOUT_URI);

    const authUrl = oidc.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const again = await browser.follow(authUrl, REDIRECT_URI);
    expect(again.url).toContain('/oidc/interaction/');
  });

  it('redirects on logout also when the provider session is already gone', async () => {
    const { tokens } = await signIn(config, { email: 'gone@example.de', firstName: 'G', lastName: 'One' });
    const endSession = oidc.buildEndSessionUrl(config, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: POST_LOGOUT_URI });
    const browser = new Browser(); // no cookies
    const page = await browser.request(endSession);
    expect(page.status).toBe(200);
    // oidc-provider's own auto-submit page; its snippet is allowed by hash in our CSP, not by 'unsafe-inline'.
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-[^']+'/);
    const form = parseForm(await page.text());
    const confirmed = await browser.request(new URL(form.action, endSession), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(hiddenFields(form)),
    });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(POST_LOGOUT_URI);
  });

  it('refuses an unregistered post_logout_redirect_uri', async () => {
    const { browser, tokens } = await signIn(config, { email: 'evil@example.de', firstName: 'E', lastName: 'Vil' });
    const endSession = oidc.buildEndSessionUrl(config, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: 'https://evil.example/' });
    const res = await browser.request(endSession);
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
  });
});

describe('configuration', () => {
  const base = {
    DEV_IDP_CLIENT_SECRET: 'secret',
    DEV_IDP_REDIRECT_URIS: 'http://localhost:8080/api/callback',
    DEV_IDP_POST_LOGOUT_REDIRECT_URIS: 'http://localhost:8080/',
  };

  it('reads the defaults', () => {
    const config = loadConfig(base);
    expect(config).toMatchObject({ port: 8090, clientId: 'flohmarkt', clientSecret: 'secret', cookieKeys: [], issuer: undefined });
    expect(loadConfig({ ...base, OIDC_ISSUER: 'http://localhost:8080/oidc/' }).issuer).toBe('http://localhost:8080/oidc');
  });

  it('listens on this machine only unless HOST says otherwise', () => {
    expect(loadConfig(base).host).toBe('127.0.0.1');
    expect(loadConfig({ ...base, HOST: ' ' }).host).toBe('127.0.0.1');
    expect(loadConfig({ ...base, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('names every bad variable', () => {
    try {
      loadConfig({ PORT: 'abc', OIDC_ISSUER: 'ftp://x', DEV_IDP_REDIRECT_URIS: 'nope' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const text = (err as ConfigError).problems.join('\n');
      for (const name of ['PORT', 'OIDC_ISSUER', 'DEV_IDP_CLIENT_SECRET', 'DEV_IDP_REDIRECT_URIS', 'DEV_IDP_POST_LOGOUT_REDIRECT_URIS']) {
        expect(text).toContain(name);
      }
    }
  });

  it('refuses NODE_ENV=production unless DEV_IDP_ALLOW_PRODUCTION=true', async () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(/anyone sign in as anyone/);
    expect(loadConfig({ ...base, NODE_ENV: 'production', DEV_IDP_ALLOW_PRODUCTION: 'true' }).allowProduction).toBe(true);
    await expect(startDevIdp(testConfig({ nodeEnv: 'production' }), { logger: silentLogger })).rejects.toThrow(/anyone sign in as anyone/);
  });
});

describe('persistence with DEV_IDP_DATA_DIR', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dev-idp-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps the signing keys and the accounts across a restart', async () => {
    const first = await startDevIdp(testConfig({ dataDir: dir }), { logger: silentLogger });
    let kidsBefore: string[];
    try {
      kidsBefore = ((await (await fetch(`${first.url}/jwks`)).json()) as { keys: Array<{ kid: string }> }).keys.map((k) => k.kid);
      await signIn(await discover(first), { email: 'Persist@Example.de', firstName: 'Paula', lastName: 'Platte' });
    } finally {
      await first.close();
    }
    const second = await startDevIdp(testConfig({ dataDir: dir }), { logger: silentLogger });
    try {
      const kidsAfter = ((await (await fetch(`${second.url}/jwks`)).json()) as { keys: Array<{ kid: string }> }).keys.map((k) => k.kid);
      expect(kidsAfter).toEqual(kidsBefore);
    } finally {
      await second.close();
    }
    const accounts = JSON.parse(await readFile(join(dir, 'accounts.json'), 'utf8')) as Record<string, unknown>;
    const id = accountIdFor('persist@example.de');
    expect(accounts[id]).toEqual({ email: 'persist@example.de', firstName: 'Paula', lastName: 'Platte' });
    expect(emailFromAccountId(id)).toBe('persist@example.de');
  });
});
