import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { appMetrics, applyServiceKeepAlive, ErrorBodyFilter, JsonLogger, loadConfig } from '@flohmarkt/server-kit';
import { AppModule } from './app.module.js';
import { ZGatewayEnv } from './config.js';
import { DEV_LOGIN_OVERRIDE } from './dev-login-guard.js';
import { Readiness } from './health/readiness.js';
import { startupGate } from './health/startup-gate.js';
import { canonicalTargets } from './http/canonical-target.js';
import { answerClientErrors, boundHeaderWait } from './http/client-errors.js';
import { sameOriginWrites } from './http/csrf.js';
import { devMailProxy } from './http/dev-mail-proxy.js';
import { closeGracefully } from './http/graceful-close.js';
import { deferContinue } from './http/expect-continue.js';
import { idpProxy } from './http/idp-proxy.js';
import { routeLabel, startMetricsServer } from './http/metrics.js';
import { apiDocs } from './openapi/api-docs.js';
import { requestContext } from './http/request-context.js';
import { requestDeadline } from './http/request-deadline.js';
import { sessionUnavailable } from './sign-in/sign-in-refused.js';
import { securityHeaderLists, securityHeaders } from './http/security-headers.js';
import { memoryReads } from './http/memory-reads.js';
import { PublicReadCache } from './http/public-read-cache.js';
import { isUploadRequest, uploadBoundMs } from './http/upload-slots.js';
import { leanApiReads, useInExpress, type Step } from './http/lean-pipeline.js';
import { cachedPublicRead } from './routing/cached-public-read.js';
import { forwardApi } from './routing/forward.js';
import { createServiceClients } from './services/services.js';
import { connectRedis, sessionCookieName, sessionMiddleware, sessionOr503 } from './session/session.js';
import { SESSION_HINT_COOKIE, sessionHintSync } from './session/session-hint.js';
import { TileCache } from './tiles/tile-cache.js';
import { tileProxy } from './tiles/tile-proxy.js';
import { eventHeadlineFrom } from './web/event-first-paint.js';
import { FIRST_PAINT_WAIT_MS, webApp } from './web/web-app.js';

const config = loadConfig(ZGatewayEnv);
const logger = new JsonLogger('gateway', config.LOG_LEVEL);
const redis = await connectRedis(config);
const services = createServiceClients(config);
const readiness = new Readiness(services);
// Anonymous public reads kept in memory (docs/adr/0009-per-core-efficiency.md): the browsers' through
// /api and the gateway's own for the event page's first paint share them.
const publicReads = new PublicReadCache(redis, { key: `${config.REDIS_PREFIX}public-read-generation` });

const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, services, redis), { logger, bodyParser: false });
app.set('trust proxy', config.TRUST_PROXY_HOPS);
app.disable('x-powered-by');
const metrics = appMetrics('gateway');
const metricsServer = startMetricsServer(metrics, config.METRICS_PORT, config.METRICS_HOST);
// Every request's steps, in order; then those of calls under /api. One list: Express runs it for every
// request, the lean path (http/lean-pipeline.ts) for the API's reads.
const front: Step[] = [
  metrics.middleware(routeLabel),
  requestContext(logger),
  // Whatever stalls, every request has its answer within SERVICE_TIMEOUT_MS + 1 s (http/request-deadline.ts).
  requestDeadline({ boundMs: config.SERVICE_TIMEOUT_MS + 1000, longer: (req) => (isUploadRequest(req) ? uploadBoundMs(config) : null) }),
  canonicalTargets(),
  securityHeaders(config.PUBLIC_URL),
];
if (config.DEV_IDP_URL) {
  if (config.NODE_ENV === 'production')
    logger.write('warn', 'development sign-in is on in production: anyone can sign in as anyone', { override: DEV_LOGIN_OVERRIDE });
  front.push(idpProxy(config.DEV_IDP_URL, config.PUBLIC_URL));
}
if (config.DEV_MAIL_URL) front.push(devMailProxy(config.DEV_MAIL_URL));
front.push(
  tileProxy({
    upstream: config.TILE_UPSTREAM,
    userAgent: config.TILE_USER_AGENT,
    cache: new TileCache({
      dir: config.TILE_CACHE_DIR,
      maxAgeMs: config.TILE_CACHE_DAYS * 24 * 3600 * 1000,
      maxBytes: config.TILE_CACHE_MAX_MB * 1024 * 1024,
    }),
    timeoutMs: config.TILE_TIMEOUT_MS,
    logger,
    rateLimit: { redis, prefix: config.REDIS_PREFIX, max: config.TILE_REQUEST_LIMIT, windowSeconds: config.TILE_REQUEST_WINDOW_S },
  }),
);
if (config.WEB_DIST_DIR) {
  const meta = {
    'feedback-url': config.FEEDBACK_URL,
    'operator-name': config.OPERATOR_NAME,
    'operator-address': config.OPERATOR_ADDRESS,
    'operator-email': config.OPERATOR_EMAIL,
    'operator-phone': config.OPERATOR_PHONE,
    'operator-representative': config.OPERATOR_REPRESENTATIVE,
    'operator-register': config.OPERATOR_REGISTER,
    'operator-vat-id': config.OPERATOR_VAT_ID,
    'privacy-email': config.PRIVACY_EMAIL,
    'retention-days': String(config.RETENTION_DAYS),
  };
  // The landing page's and an event page's hero go out with their HTML (web/*-first-paint.ts, docs/adr/0015).
  front.push(
    webApp({ distDir: config.WEB_DIST_DIR, meta, eventHeadline: eventHeadlineFrom(cachedPublicRead(publicReads, services.events, FIRST_PAINT_WAIT_MS)) }),
  );
}
// The API's documentation answers while the services still start: it needs none of them.
front.push(
  apiDocs({
    cookieName: sessionCookieName(config.PUBLIC_URL),
    bodyLimits: { json: config.BODY_LIMIT_BYTES, upload: config.PHOTO_BODY_LIMIT_BYTES },
    onGaps: (gaps) => logger.write('warn', 'the OpenAPI documentation lacks entries (gateway/src/openapi)', { gaps }),
  }),
);
const api: Step[] = [
  startupGate(readiness),
  sessionOr503(sessionMiddleware(config, redis), sessionCookieName(config.PUBLIC_URL), sessionUnavailable(config.PUBLIC_URL)),
  // The web app's JS-readable 'has signed in' hint follows the session (session-hint.ts, issue 22).
  sessionHintSync(config),
  sameOriginWrites(config.PUBLIC_URL),
  forwardApi({ config, services, redis, logger, publicReads }),
];
useInExpress(app, { front, api });
// Anonymous reads of kept answers are answered from memory before any step (http/memory-reads.ts).
const memory = memoryReads({
  cache: publicReads,
  ready: () => readiness.isReady,
  sessionCookies: [sessionCookieName(config.PUBLIC_URL), SESSION_HINT_COOKIE],
  securityHeaders: securityHeaderLists(config.PUBLIC_URL).page,
  metrics,
  logger,
});
leanApiReads(app.getHttpServer(), app.getHttpAdapter().getInstance(), { front, api }, logger, memory);
app.useGlobalFilters(new ErrorBodyFilter(logger, { includeCode: false }));
app.enableShutdownHooks();
// A photo upload's `100 Continue` waits until the gateway wants its body (http/upload-slots.ts).
deferContinue(app.getHttpServer(), isUploadRequest);
// Idle keep-alive connections stay open SERVICE_KEEP_ALIVE_MS (65 s), not Node's 5 s: a proxy in front
// (an ingress keeps its upstream connections 60 s) never sends on a connection the gateway is closing.
applyServiceKeepAlive(app.getHttpServer(), config.SERVICE_KEEP_ALIVE_MS);
// Headers that stall get their 408 within the bound of every answer (SERVICE_TIMEOUT_MS + 1 s: the wait, then at
// most one second until the server's next look at its connections), not after 60–90 s.
boundHeaderWait(app.getHttpServer(), config.SERVICE_TIMEOUT_MS);
// A stop (SIGTERM, Strg+C) answers the requests in flight first, those the launcher's front handed over too.
closeGracefully(app.getHttpServer());
// What the HTTP parser refuses is answered with a German `{ message }` too (http/client-errors.ts).
answerClientErrors(app.getHttpServer());
app.getHttpServer().on('close', () => {
  readiness.stop();
  metricsServer.close();
  void redis.close().catch(() => undefined);
});

await app.listen(config.PORT, config.HOST);
logger.info('listening', { url: config.PUBLIC_URL });
readiness.watch(() => logger.info('all services ready'));
