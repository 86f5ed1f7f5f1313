import { Controller, Inject, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  API_ERRORS,
  GET_SESSION_USER,
  SIGN_IN,
  SIGN_IN_CALLBACK,
  SIGN_IN_COMPLETE,
  SIGN_IN_END,
  SIGN_IN_START,
  SIGN_OUT,
  publicCallPath,
  safeReturnTo,
  type TErrorCode,
} from '@flohmarkt/contracts';
import { DomainError, PeerClient } from '@flohmarkt/server-kit';
import { GATEWAY_CONFIG, type TGatewayEnv } from '../config.js';
import { clientKey } from '../http/client-address.js';
import { takeRequest } from '../http/rate-limit.js';
import { sendError } from '../http/send-error.js';
import { resolveCurrentUser } from '../session/current-user.js';
import type { GatewayRedis } from '../http/redis-deadline.js';
import { GATEWAY_REDIS, sessionCookieAttributes, sessionCookieName } from '../session/session.js';
import { clearSessionHint, setSessionHint } from '../session/session-hint.js';
import { SERVICE_CLIENTS, type ServiceClients } from '../services/services.js';
import { causeOf, isUnavailable, noteUnavailable, PeerUnavailableError } from '../http/unavailable.js';
import { keepPrivate } from '../http/private-answers.js';
import { GatewayRoute } from '../routing/gateway-route.js';
import { mustNotSignOut } from './cross-site-sign-out.js';
import { refuseSignIn } from './sign-in-refused.js';

/**
 * Browser sign-in and sign-out. The gateway owns the session; the auth service speaks OpenID
 * Connect with the provider and keeps the users.
 */
@Controller()
export class SignInController {
  private readonly auth: PeerClient;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: TGatewayEnv,
    @Inject(SERVICE_CLIENTS) services: ServiceClients,
    @Inject(GATEWAY_REDIS) private readonly redis: GatewayRedis,
  ) {
    this.auth = new PeerClient(services.auth, config.SERVICE_TIMEOUT_MS);
  }

  @GatewayRoute(SIGN_IN)
  async login(@Req() req: Request, @Res() res: Response, @Query('returnTo') returnTo?: string): Promise<void> {
    const back = safeReturnTo(returnTo, this.config.PUBLIC_URL);
    await this.guard(req, res, back, async () => {
      const rule = { name: 'signin', max: this.config.SIGN_IN_LIMIT, windowSeconds: this.config.SIGN_IN_WINDOW_S, message: API_ERRORS.tooManyRequests };
      const { allowed, retryAfterSeconds } = await takeRequest(this.redis, this.config.REDIS_PREFIX, rule, clientKey(req));
      if (!allowed) return refuseSignIn(req, res, 'RATE_LIMITED', rule.message, back, retryAfterSeconds);
      const started = await this.auth.call(SIGN_IN_START, { body: {} });
      req.session.signIn = { state: started.state, codeVerifier: started.codeVerifier, returnTo: back };
      await save(req);
      res.redirect(302, started.authorizationUrl);
    });
  }

  @GatewayRoute(SIGN_IN_CALLBACK)
  async callback(@Req() req: Request, @Res() res: Response): Promise<void> {
    const back = safeReturnTo(req.session?.signIn?.returnTo, this.config.PUBLIC_URL);
    await this.guard(req, res, back, async () => {
      const pending = req.session.signIn;
      if (!pending) return res.redirect(302, publicCallPath(SIGN_IN));
      const done = await this.auth.call(SIGN_IN_COMPLETE, {
        body: { callbackUrl: `${this.config.PUBLIC_URL}${req.originalUrl}`, state: pending.state, codeVerifier: pending.codeVerifier },
      });
      // A new session id at sign-in: a session id planted before sign-in is worth nothing after.
      await new Promise<void>((resolve, reject) => req.session.regenerate((err) => (err ? reject(err) : resolve())));
      req.session.userId = done.user.id;
      req.session.signedInAt = Date.now();
      await save(req);
      setSessionHint(res, this.config);
      // Checked again on the way out: a session saved by an older gateway may hold a returnTo kept by weaker rules.
      res.redirect(302, safeReturnTo(pending.returnTo, this.config.PUBLIC_URL));
    });
  }

  @GatewayRoute(SIGN_OUT)
  async logout(@Req() req: Request, @Res() res: Response): Promise<void> {
    // A link or an image on another site must not sign anyone out: the browser lands on '/', still signed in.
    if (mustNotSignOut(req)) return res.redirect(302, '/');
    let target = '/';
    try {
      // The provider's end-session URL names our client, not the ID token: a URL ends up in logs and the history.
      target = (await this.auth.call(SIGN_IN_END, { body: {} })).url;
    } catch {
      // The provider's session cannot be ended now; ours still ends, and the user lands on '/'.
    }
    await new Promise<void>((resolve) => (req.session ? req.session.destroy(() => resolve()) : resolve()));
    res.clearCookie(sessionCookieName(this.config.PUBLIC_URL), sessionCookieAttributes(this.config.PUBLIC_URL));
    clearSessionHint(res, this.config);
    res.redirect(302, target);
  }

  @GatewayRoute(GET_SESSION_USER)
  async user(@Req() req: Request, @Res() res: Response): Promise<void> {
    await this.guard(req, res, null, async () => {
      const user = await resolveCurrentUser(req, this.auth);
      if (!user) return sendError(res, 'UNAUTHENTICATED', API_ERRORS.unauthenticated);
      keepPrivate(res, { signedIn: true });
      res.json(user);
    });
  }

  /** `back`: for the page loads of sign-in, where a browser is sent after a refusal (sign-in-refused.ts); null for calls. */
  private async guard(req: Request, res: Response, back: string | null, work: () => Promise<unknown>): Promise<void> {
    const refuse = (code: TErrorCode, message: string) => (back === null ? sendError(res, code, message) : refuseSignIn(req, res, code, message, back));
    try {
      await work();
    } catch (err) {
      // Why sign-in could not go on, for the log (request-context.ts): auth, or Redis holding the session.
      if (isUnavailable(err)) noteUnavailable(res, causeOf(err instanceof DomainError ? new PeerUnavailableError('auth', err) : err));
      if (err instanceof DomainError) return refuse(signInErrorCode(err.code), err.message);
      if (isUnavailable(err)) return refuse('UNAVAILABLE', API_ERRORS.serviceUnavailable);
      // Left to the app's filter, which answers a lost connection with 503: its log line says why too.
      noteUnavailable(res, causeOf(err));
      throw err;
    }
  }
}

/** The auth service's refusal, passed on: a conflict (an e-mail that belongs to another account) stays a conflict. */
function signInErrorCode(code: TErrorCode): 'UNAVAILABLE' | 'CONFLICT' | 'VALIDATION' {
  if (code === 'UNAVAILABLE') return 'UNAVAILABLE';
  return code === 'CONFLICT' ? 'CONFLICT' : 'VALIDATION';
}

function save(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));
}
