import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppMetrics, JsonLogger, RequestTarget } from '@flohmarkt/server-kit';
import type { RouteSpec } from '../routing/routes.js';
import { PublicReadCache } from './public-read-cache.js';
import { accessLog, giveRequestId } from './request-context.js';
import { sendWholeAnswer } from './send-whole-answer.js';

export interface MemoryReadsDeps {
  cache: PublicReadCache;
  /** Whether every service is ready (the start-up gate's question, health/startup-gate.ts). */
  ready: () => boolean;
  /** Cookies whose presence makes a request one for the session's steps: the session and its hint. */
  sessionCookies: readonly string[];
  /** The security headers of an API answer (security-headers.ts). */
  securityHeaders: readonly [string, string][];
  metrics: AppMetrics;
  logger: JsonLogger;
}

/**
 * The commonest request of all, an anonymous read of a public call whose answer the gateway keeps
 * (an event's page, the list, the map: `cache: 'shared'`), answered from memory without the
 * gateway's steps (ADR 0009 part 4). It is answered exactly as those steps would answer it, with
 * the same functions: the request id and access-log line (request-context.ts), the metrics, the
 * security headers, the cached answer as sendWholeAnswer sends it (304, encodings). Only a request
 * that no step would treat differently takes this way; anything else — a session or its hint
 * cookie (the session's steps, the hint's clearing), `no-cache`, services not yet ready (the 503 of
 * the start-up gate), Redis unable to say the generation, an answer not kept — goes through the
 * steps as before, so every rule stays in its one place. There is nothing here to wait for but the
 * generation, whose Redis read has its own deadline (redis-deadline.ts), and a first compression.
 */
export function memoryReads(deps: MemoryReadsDeps) {
  const logAnswer = accessLog(deps.logger);
  const cookie = new RegExp(`(^|;\\s*)(${deps.sessionCookies.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})=`);
  return {
    /** Whether the request may be answered from memory, by what it carries alone. */
    applies(req: IncomingMessage, route: RouteSpec): boolean {
      return (
        !route.signIn &&
        !route.secretInPath &&
        PublicReadCache.applies(route, false, req.headers['cache-control']) &&
        !cookie.test(req.headers.cookie ?? '') &&
        deps.ready()
      );
    },

    /** Answers from memory and says true, or says false having sent nothing (the steps answer then). */
    async answer(req: IncomingMessage, res: ServerResponse, target: RequestTarget, route: RouteSpec): Promise<boolean> {
      const started = process.hrtime.bigint();
      const generation = await deps.cache.generation();
      const kept = generation === null ? null : deps.cache.lookup(`${target.path.slice('/api'.length)}${target.search}`, generation);
      if (!kept) return false;
      const requestId = giveRequestId(res);
      for (const [name, value] of deps.securityHeaders) res.setHeader(name, value);
      await sendWholeAnswer(req, res, kept);
      logAnswer(req, res, requestId, started, target.path);
      deps.metrics.countAnswer(req.method ?? 'GET', `/api${route.path}`, res.statusCode, started);
      return true;
    },
  };
}

export type MemoryReads = ReturnType<typeof memoryReads>;
