import type { NextFunction, Request, Response } from 'express';
import { API_ERRORS } from '@flohmarkt/contracts';
import type { JsonLogger } from '@flohmarkt/server-kit';
import { clientKey } from '../http/client-address.js';
import { allowRequest, type RateRule } from '../http/rate-limit.js';
import type { GatewayRedis } from '../http/redis-deadline.js';
import { solidTilePng } from './fallback-tile.js';
import type { TileCache } from './tile-cache.js';

export interface TileProxyOptions {
  /** e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png */
  upstream: string;
  userAgent: string;
  cache: TileCache;
  timeoutMs: number;
  logger: JsonLogger;
  /** Tile requests per client address and window, counted in Redis across every gateway replica. */
  rateLimit: { redis: GatewayRedis; prefix: string; max: number; windowSeconds: number };
}

const PATH = /^\/tiles\/(\d{1,2})\/(\d{1,7})\/(\d{1,7})\.png$/;
const MAX_ZOOM = 19;
/** After the upstream failed, answer fallback tiles at once for this long before trying again. */
const UPSTREAM_PAUSE_MS = 30_000;
/** While Redis cannot count, say so in the log at most this often (every tile would otherwise). */
const LIMIT_WARNING_INTERVAL_MS = 60_000;

/**
 * Map tiles through our own origin: visitors' addresses never reach the tile server, tiles are
 * cached (the OpenStreetMap tile usage policy asks for caching and an identifying User-Agent),
 * and when the upstream cannot be reached a plain tile answers at once so a map never hangs.
 */
export function tileProxy(options: TileProxyOptions) {
  const fallback = solidTilePng();
  const inFlight = new Map<string, Promise<Buffer | null>>();
  let pausedUntil = 0;
  const { redis, prefix, max, windowSeconds } = options.rateLimit;
  const rule: RateRule = { name: 'tiles', max, windowSeconds, message: API_ERRORS.tooManyRequests };
  let limitWarnedAt = 0;

  /**
   * One address may not fill the disk cache with tiles nobody looks at, nor get us banned by the
   * tile server. Without Redis the tiles are served uncounted: a map without tiles is worse than an
   * unlimited minute, and the cache and the upstream pause still protect the tile server.
   */
  async function allowed(req: Request, res: Response): Promise<boolean> {
    try {
      return await allowRequest(redis, prefix, rule, clientKey(req), res);
    } catch (err) {
      if (Date.now() - limitWarnedAt > LIMIT_WARNING_INTERVAL_MS) {
        limitWarnedAt = Date.now();
        options.logger.write('warn', 'tile rate limit not counted, Redis unavailable', { error: (err as Error).message });
      }
      return true;
    }
  }

  async function fetchUpstream(z: number, x: number, y: number): Promise<Buffer | null> {
    if (Date.now() < pausedUntil) return null;
    const url = options.upstream.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y));
    try {
      const res = await fetch(url, { headers: { 'user-agent': options.userAgent }, signal: AbortSignal.timeout(options.timeoutMs) });
      if (!res.ok) throw new Error(`upstream answered ${res.status}`);
      const tile = Buffer.from(await res.arrayBuffer());
      // An empty answer kept on disk would be every visitor's tile for days.
      if (!tile.length) throw new Error('upstream answered an empty tile');
      // A full or read-only disk is no reason to stop asking the upstream.
      await options.cache.put(z, x, y, tile).catch((err: unknown) => {
        options.logger.write('warn', 'tile not cached', { error: (err as Error).message });
      });
      return tile;
    } catch (err) {
      pausedUntil = Date.now() + UPSTREAM_PAUSE_MS;
      options.logger.write('warn', 'tile upstream unreachable, serving fallback tiles', { error: (err as Error).message });
      return null;
    }
  }

  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const match = PATH.exec(req.path);
    if (!match || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    if (!(await allowed(req, res))) return;
    const [z, x, y] = match.slice(1).map(Number);
    if (z > MAX_ZOOM || x >= 2 ** z || y >= 2 ** z) {
      res.status(404).json({ message: 'Diese Kachel gibt es nicht.' });
      return;
    }
    const key = `${z}/${x}/${y}`;
    let tile = await options.cache.get(z, x, y);
    if (!tile) {
      let pending = inFlight.get(key);
      if (!pending) {
        pending = fetchUpstream(z, x, y).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      tile = await pending;
    }
    res.setHeader('Content-Type', 'image/png');
    if (tile) {
      res.setHeader('Cache-Control', 'public, max-age=86400');
      res.end(tile);
    } else {
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('X-Tile-Fallback', '1');
      res.end(fallback);
    }
  };
}
