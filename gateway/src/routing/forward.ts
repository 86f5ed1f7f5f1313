import { pipeline } from 'node:stream';
import type { NextFunction, Request, Response } from 'express';
import {
  ABUSE_LIMITS,
  API_ERRORS,
  IDEMPOTENCY_HEADERS,
  ERROR_DEFAULT_MESSAGE,
  MANAGE_TOKEN_HEADER,
  errorCodeForStatus,
  isErrorCode,
  ZErrorBody,
  MARKET_DAY_MESSAGES,
} from '@flohmarkt/contracts';
import type { TGatewayEnv } from '../config.js';
import { clientKey } from '../http/client-address.js';
import { MAX_BUFFERED_BYTES, answerEncoding, compressWhole, compressor } from '../http/content-encoding.js';
import { allowRequestUnder, giveBackRequests, type RateRule } from '../http/rate-limit.js';
import { BodyAbortedError, BodyTimeoutError, BodyTooLargeError, readBody } from '../http/read-body.js';
import { sendError } from '../http/send-error.js';
import { resolveCurrentUser } from '../session/current-user.js';
import type { GatewayRedis } from '../http/redis-deadline.js';
import { sessionCookieAttributes, sessionCookieName } from '../session/session.js';
import { clearSessionHint } from '../session/session-hint.js';
import { answerUnavailable, causeOf, isUnavailable, noteUnavailable, rethrowFrom } from '../http/unavailable.js';
import { AnsweredKeys, type KeyAdmission } from '../http/answered-keys.js';
import { IDEMPOTENT_REPLAYED_HEADER, idempotencyKeyOf, isReplayedAnswer } from '../http/idempotency-key.js';
import { PublicReadCache } from '../http/public-read-cache.js';
import { keepPrivate } from '../http/private-answers.js';
import { sendWholeAnswer } from '../http/send-whole-answer.js';
import { admitUpload, uploadAdmission } from '../http/upload-slots.js';
import { WriteBudgets } from '../http/write-budgets.js';
import { RouteCallLimit } from '../http/route-call-limit.js';
import { jsonHoldsUnstorableText, queryHoldsUnstorableText } from '../http/hostile-text.js';
import { guestManageToken } from '../http/manage-token.js';
import { PeerClient, readAll, ServiceUnavailableError, type JsonLogger, type ServiceAnswer } from '@flohmarkt/server-kit';
import type { ServiceClients } from '../services/services.js';
import { passedHeaders } from './passed-headers.js';
import { API_PREFIX, apiRouteOf } from './api-route-of.js';
import type { RouteSpec } from './routes.js';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Up to this, an answer passed on as it is leaves in one write (an event, a list page); above, it streams. */
const SMALL_ANSWER_BYTES = 64 * 1024;
/** How long an Idempotency-Key claimed in flight outlives the longest a request holds it, should its gateway die meanwhile. */
const CLAIM_MARGIN_MS = 10_000;

export interface ForwardDeps {
  config: TGatewayEnv;
  services: ServiceClients;
  redis: GatewayRedis;
  logger: JsonLogger;
  /** The anonymous public reads kept in memory, shared with the reads the gateway makes itself (cached-public-read.ts). */
  publicReads: PublicReadCache;
}

/**
 * Forwards the product's public API calls to the owning service, in the order of checks of the
 * docs/product.md#calls-and-answers: 401 (signed out) first, then the service decides 404 → 403 → 400 → 409.
 * Requests are never repeated once a service has received them.
 */
export function forwardApi(deps: ForwardDeps) {
  const rules = rateRules(deps.config);
  const uploads = uploadAdmission(deps.config, deps.services);
  const budgets = new WriteBudgets(deps.redis, deps.config, deps.logger);
  const answeredKeys = new AnsweredKeys(deps.redis, deps.config.REDIS_PREFIX, deps.logger);
  const routeCalls = new RouteCallLimit(deps.redis, deps.config);
  const auth = new PeerClient(deps.services.auth, deps.config.SERVICE_TIMEOUT_MS);
  const cache = deps.publicReads;
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    // The checked target (canonical-target.ts), not Express's own parse of the URL: the path matched
    // here is byte for byte the path the service receives.
    const underApi = req.target.path.startsWith(`${API_PREFIX}/`);
    const apiPath = req.target.path.slice(API_PREFIX.length);
    const route = underApi ? apiRouteOf(req, apiPath) : null;
    if (!route) return next();
    let key: KeyAdmission | null = null;
    try {
      const user = await resolveCurrentUser(req, auth).catch(rethrowFrom('auth'));
      // A session cookie that could not be read (session.ts) is answered as signed out and kept out of every cache.
      // A guest's manage token makes the answer theirs as much as a session does.
      const privacy = {
        secretInPath: route.secretInPath,
        signedIn: user !== null || req.sessionUnread === true || req.header(MANAGE_TOKEN_HEADER) !== undefined,
      };
      // Before any answer of the gateway's own (a 429, a 400) and again below with the service's headers.
      keepPrivate(res, privacy);
      if (route.signIn && !user && !(route.signIn === 'or-manage-token' && guestManageToken(req) !== undefined)) {
        return sendError(res, 'UNAUTHENTICATED', API_ERRORS.unauthenticated);
      }
      const idempotencyKey = BODY_METHODS.has(req.method) ? idempotencyKeyOf(req) : null;
      if (idempotencyKey === 'invalid') {
        return sendError(res, 'VALIDATION', API_ERRORS.invalidIdempotencyKey, errorExtra(route, API_ERRORS.invalidIdempotencyKey));
      }
      // Before any limit or budget: a repeat of a write its service has answered is answered from the
      // service's kept answer and applies nothing, so it spends no rate-limit slot and no budget unit;
      // one while the first is still in flight waits for it, or gets the 409, and spends nothing either (answered-keys.ts).
      key = idempotencyKey ? await answeredKeys.admit(route, apiPath, user, idempotencyKey, claimMs(route, deps.config)) : null;
      if (key?.kind === 'pending') {
        return sendError(res, 'IDEMPOTENT_REQUEST_PENDING', API_ERRORS.idempotentRequestPending, errorExtra(route, API_ERRORS.idempotentRequestPending));
      }
      const repeat = key?.kind === 'answered';
      // An upload's repeat still sends its body and holds an upload slot while it does (the service
      // compares the body): it takes a slot of the rate limit like any upload, given back below once
      // the service says it replayed. Free, slow repeats would hold the slots for ever.
      if (route.rateLimit && (!repeat || route.upload)) {
        const limits = rules[route.rateLimit];
        const key = route.rateLimit === 'photoUpload' && user ? `user:${user.id}` : clientKey(req);
        if (!(await allowRequestUnder(deps.redis, deps.config.REDIS_PREFIX, limits, key, res))) return;
        // A repeat the gateway did not know of (two at once, a first answer it never saw) gets its slot
        // back, and so does an attempt the product failed (a 5xx): a guest retrying through an outage
        // is not locked out for the window afterwards.
        res.once('finish', () => {
          if (isReplayedAnswer(res) || res.statusCode >= 500) giveBackRequests(deps.redis, deps.config.REDIS_PREFIX, limits, key).catch(() => undefined);
        });
      }
      const budgetHolder = repeat ? null : user ? { user } : guestTokenOf(req);
      // Every budget is spent before the body is read, but that of a create: a series counts its dates, read from the body.
      const countsBody = WriteBudgets.countsBody(route);
      if (budgetHolder && !countsBody && !(await budgets.spend(req, res, route, apiPath, budgetHolder))) return;
      if (!(await routeCalls.allow(req, res, route, user))) return;
      if (route.upload && !(await admitUpload(uploads, user, apiPath, req, res))) return;
      const body = BODY_METHODS.has(req.method) ? await readJsonBody(req, route, deps.config) : null;
      if (body === 'invalid') return sendError(res, 'VALIDATION', API_ERRORS.invalidJson, errorExtra(route, API_ERRORS.invalidJson));
      if (body === 'unstorable' || queryHoldsUnstorableText(req.query)) {
        return sendError(res, 'VALIDATION', API_ERRORS.invalidCharacters, errorExtra(route, API_ERRORS.invalidCharacters));
      }
      if (budgetHolder && countsBody && !(await budgets.spend(req, res, route, apiPath, budgetHolder, WriteBudgets.unitsOf(route, body)))) return;
      const target = `${apiPath}${req.target.search}`;
      // An anonymous public read may come from memory; the generation is read before the call.
      const generation = PublicReadCache.applies(route, privacy.signedIn, req.header('cache-control')) ? await cache.generation() : null;
      // A waiter gives up after its own deadline rather than wait behind a stalled read (a 503 then).
      const kept = generation === null ? null : (cache.lookup(target, generation) ?? (await cache.flight(target, generation, deps.config.SERVICE_TIMEOUT_MS)));
      if (kept) return answeredAlready(res) ? undefined : await sendWholeAnswer(req, res, kept);
      const flight = generation === null || !PublicReadCache.stores(req.method) ? null : cache.takeOff(target, generation);
      const write = BODY_METHODS.has(req.method);
      let answer: ServiceAnswer;
      try {
        answer = await deps.services[route.service].call({
          // A HEAD is asked of the service as the GET it stands for: its headers (the encoding, the packed
          // length) are the GET's, and Node leaves the body out of a HEAD answer by itself.
          method: req.method === 'HEAD' ? 'GET' : req.method,
          path: target,
          body,
          headers: {
            ...(body ? { 'content-type': 'application/json' } : {}),
            ...(idempotencyKey ? { [IDEMPOTENCY_HEADERS.key]: idempotencyKey } : {}),
            ...manageTokenOf(req),
          },
          requestId: req.requestId,
          caller: user ? { id: user.id, role: user.role } : null,
          timeoutMs: route.upload ? deps.config.UPLOAD_TIMEOUT_MS : deps.config.SERVICE_TIMEOUT_MS,
        });
      } catch (err) {
        flight?.fail(err);
        throw err;
      } finally {
        // Whatever its outcome (a timed-out write may still have happened): before the answer leaves.
        if (write) await cache.invalidate();
      }
      // Applied now (not replayed): a repeat of it will cost nothing. Also when the deadline answered meanwhile.
      if (idempotencyKey && answer.status < 300 && !answer.headers[IDEMPOTENT_REPLAYED_HEADER])
        await answeredKeys.remember(route, apiPath, user, idempotencyKey);
      if (flight && generation !== null && answer.status === 200 && Number(answer.headers['content-length'] ?? Infinity) <= MAX_BUFFERED_BYTES) {
        const whole = await bodyOf(answer, route).catch((err: unknown) => {
          flight.fail(err);
          throw err;
        });
        const fetched = cache.store(target, generation, passedHeaders(answer.headers), whole);
        flight.land(fetched);
        return answeredAlready(res) ? undefined : await sendWholeAnswer(req, res, fetched);
      }
      flight?.land(null);
      // The request's deadline answered while the service was still at it (request-deadline.ts).
      if (answeredAlready(res)) return void answer.stream.destroy();
      // A service's own "come back later" (a full queue: 503, or 429) reaches the caller with its error.
      if (answer.status >= 400 && answer.headers['retry-after']) res.setHeader('Retry-After', String(answer.headers['retry-after']));
      // A kept refusal replayed for a repeated Idempotency-Key says so like a kept success does.
      if (answer.status >= 400 && answer.headers[IDEMPOTENT_REPLAYED_HEADER])
        res.setHeader(IDEMPOTENCY_HEADERS.replayed, String(answer.headers[IDEMPOTENT_REPLAYED_HEADER]));
      if (answer.status === 503) noteUnavailable(res, { code: 'SERVICE_ANSWERED_503', peer: route.service, attempt: 1, mayHaveReached: true });
      if (answer.status >= 400) return relayError(res, route, answer.status, await bodyOf(answer, route), req.requestId);
      if (route.endsSession) await endSession(req, res, deps.config);
      const encoding = answerEncoding(req.header('accept-encoding'), answer.headers);
      const length = Number(answer.headers['content-length'] ?? Infinity);
      // An answer to compress, or a small one, is read whole before any header is set: a service failing
      // meanwhile still gets a clean 503, and the answer leaves in one write, not through a pipe. A large
      // one left as it is (a photo, a PDF) streams: held whole, many at once would fill the gateway's memory.
      const whole = length <= (encoding ? MAX_BUFFERED_BYTES : SMALL_ANSWER_BYTES) ? await bodyOf(answer, route) : null;
      const packed = encoding && whole ? await compressWhole(whole, encoding) : null;
      // The deadline answered meanwhile (ending the session, reading or packing took too long): an answer
      // still streaming is let go now, as above, not left to the service call's own deadline.
      if (answeredAlready(res)) return void answer.stream.destroy();
      res.status(answer.status);
      for (const [name, value] of Object.entries(passedHeaders(answer.headers))) res.setHeader(name, value);
      res.setHeader('Vary', 'Accept-Encoding');
      keepPrivate(res, privacy);
      if (encoding) res.setHeader('Content-Encoding', encoding);
      if (whole) {
        if (packed) res.setHeader('Content-Length', String(packed.length));
        res.end(packed ?? whole);
        return;
      }
      if (req.method === 'HEAD') {
        // The GET's headers are set; its streamed body would be read (and packed) only to be dropped.
        if (encoding) res.removeHeader('content-length');
        res.end();
        return void answer.stream.destroy();
      }
      if (!encoding) {
        answer.stream.pipe(res);
        answer.stream.on('error', () => res.destroy());
        return;
      }
      res.removeHeader('content-length');
      // A service that fails mid-answer ends the browser's connection too: a cut answer never looks whole.
      pipeline(answer.stream, compressor(encoding), res, (err) => err && res.destroy());
    } catch (err) {
      if (err instanceof BodyTooLargeError) {
        res.setHeader('Connection', 'close');
        return sendError(res, 'PAYLOAD_TOO_LARGE', API_ERRORS.bodyTooLarge, errorExtra(route, API_ERRORS.bodyTooLarge));
      }
      if (err instanceof BodyTimeoutError) {
        res.setHeader('Connection', 'close');
        return sendError(res, 'REQUEST_TIMEOUT', API_ERRORS.bodyTimeout, errorExtra(route, API_ERRORS.bodyTimeout));
      }
      // The client's own doing, not the product's: no error (anyone could fill the error log and its alerts with these).
      if (err instanceof BodyAbortedError) {
        deps.logger.write('info', 'request body not completed: the client went away', { requestId: req.requestId, route: route.path });
        return void res.destroy();
      }
      if (isUnavailable(err)) return answerUnavailable(res, causeOf(err), API_ERRORS.serviceUnavailable, errorExtra(route, API_ERRORS.serviceUnavailable));
      deps.logger.error(err as Error, 'forwardApi');
      sendError(res, 'INTERNAL', API_ERRORS.internal, { requestId: req.requestId });
    } finally {
      // The service has answered (and a kept answer is noted above) or the write went nowhere: the next under the key may go on.
      if (key?.kind === 'claimed') await key.release();
    }
  };
}

/** The longest a request holds its Idempotency-Key in flight: its body, its upload's wait for a slot, the service's answer. */
function claimMs(route: RouteSpec, config: TGatewayEnv): number {
  const holds = route.upload ? config.UPLOAD_WAIT_MS + config.UPLOAD_BODY_TIMEOUT_MS + config.UPLOAD_TIMEOUT_MS : config.SERVICE_TIMEOUT_MS;
  return holds + CLAIM_MARGIN_MS;
}

/**
 * A service's answer body, whole. One cut off mid-way (the service stopped, the call's deadline
 * passed) is the service being unavailable: the caller gets a 503, as when it does not answer at all.
 */
async function bodyOf(answer: ServiceAnswer, route: RouteSpec): Promise<Buffer> {
  try {
    return await readAll(answer.stream);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new ServiceUnavailableError(route.service, `answer cut: ${(err as Error).message}`, { code, peer: route.service, attempt: 1, mayHaveReached: true });
  }
}

/** Whether the answer is already complete: the request's deadline answered it (request-deadline.ts). */
function answeredAlready(res: Response): boolean {
  return res.writableEnded;
}

/** The session is destroyed in Redis and the browser told to drop the cookie, before the answer goes out. */
async function endSession(req: Request, res: Response, config: TGatewayEnv): Promise<void> {
  await new Promise<void>((resolve) => (req.session ? req.session.destroy(() => resolve()) : resolve()));
  res.clearCookie(sessionCookieName(config.PUBLIC_URL), sessionCookieAttributes(config.PUBLIC_URL));
  clearSessionHint(res, config);
}

/** Each kind's limits, all of which a request must pass. */
function rateRules(config: TGatewayEnv): Record<NonNullable<RouteSpec['rateLimit']>, RateRule[]> {
  return {
    guestRegistration: [
      { name: 'guest', max: config.GUEST_REGISTRATION_LIMIT, windowSeconds: config.GUEST_REGISTRATION_WINDOW_S, message: API_ERRORS.tooManyRegistrations },
      {
        name: 'guest-day',
        max: config.GUEST_REGISTRATION_DAILY_LIMIT,
        windowSeconds: ABUSE_LIMITS.guestRegistrationsPerDay.windowSeconds,
        message: API_ERRORS.tooManyRegistrations,
      },
    ],
    photoUpload: [{ name: 'photo', max: config.PHOTO_UPLOAD_LIMIT, windowSeconds: config.PHOTO_UPLOAD_WINDOW_S, message: API_ERRORS.tooManyRequests }],
    teamInvite: [
      { name: 'team-invite', max: config.TEAM_INVITE_LIMIT, windowSeconds: config.TEAM_INVITE_WINDOW_S, message: MARKET_DAY_MESSAGES.tooManyCodeTries },
    ],
  };
}

/**
 * The raw JSON body (checked to parse), null when empty, 'invalid' when it is not JSON, 'unstorable'
 * when a string in it holds NUL or a lone surrogate (hostile-text.ts).
 */
async function readJsonBody(req: Request, route: RouteSpec, config: TGatewayEnv): Promise<Buffer | null | 'invalid' | 'unstorable'> {
  const raw = route.upload ? await readBody(req, config.PHOTO_BODY_LIMIT_BYTES, config.UPLOAD_BODY_TIMEOUT_MS) : await readBody(req, config.BODY_LIMIT_BYTES);
  if (!raw.length || route.bodyIgnored) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    return 'invalid';
  }
  return jsonHoldsUnstorableText(parsed) ? 'unstorable' : raw;
}

function errorExtra(route: RouteSpec | null, message: string): Record<string, string> {
  return route?.errorField ? { error: message } : {};
}

/**
 * A service's error, translated once: the status comes from the error code table, the body is
 * `{ message }` (plus `error` on photo calls, `requestId` on 500s; a specific refusal's code in its header). Nothing else leaks out.
 */
function relayError(res: Response, route: RouteSpec, status: number, raw: Buffer, requestId: string): void {
  let parsed: { message: string; code?: string } | null = null;
  try {
    const candidate = ZErrorBody.safeParse(JSON.parse(raw.toString('utf8')));
    if (candidate.success) parsed = candidate.data;
  } catch {
    parsed = null;
  }
  const code = isErrorCode(parsed?.code) ? parsed.code : errorCodeForStatus(status);
  const message = code === 'INTERNAL' ? API_ERRORS.internal : (parsed?.message ?? ERROR_DEFAULT_MESSAGE[code]);
  sendError(res, code, message, { ...errorExtra(route, message), ...(code === 'INTERNAL' ? { requestId } : {}) });
}

/** A signed-out guest's well-formed manage token: their writes count against a budget of their own (write-budgets.ts). */
function guestTokenOf(req: Request): { manageToken: string } | null {
  const token = guestManageToken(req);
  return token === undefined ? null : { manageToken: token };
}

/** The guest's manage token as the header passed on to the service (none unless in the token's shape). */
function manageTokenOf(req: Request): Record<string, string> {
  const token = guestManageToken(req);
  return token === undefined ? {} : { [MANAGE_TOKEN_HEADER]: token };
}
