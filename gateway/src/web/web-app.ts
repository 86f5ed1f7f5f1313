import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import express, { type NextFunction, type Request, type Response } from 'express';
import { LIVENESS_PATH } from '../health/liveness-path.js';
import { preferredEncoding, type Encoding } from '../http/content-encoding.js';
import { isEmbedPage } from './embed-pages.js';
import { PrecompressedAssets } from './precompressed-assets.js';
import { firstPaintMarkup, type EventHeadline } from './event-first-paint.js';
import { logoOf, withFirstPaint } from './first-paint-shell.js';
import { landingFirstPaintMarkup } from './landing-first-paint.js';
import { RouteHints, type RouteMatch } from './route-hints.js';

export interface WebAppOptions {
  distDir: string;
  /**
   * Values for the page's `flohmarkt:<name>` meta tags (feedback URL, the operator's details for the
   * legal pages): configuration reaches the app this way because the page may not run inline script.
   */
  meta: Record<string, string>;
  /**
   * The public event's name, place and start for the event page's first paint (event-first-paint.ts),
   * or null; without it the page goes out as it is.
   */
  eventHeadline?: (id: string, requestId: string) => Promise<EventHeadline | null>;
}

/** How long the event page's HTML waits at most for the event (else it goes out without the first paint). */
export const FIRST_PAINT_WAIT_MS = 250;

/** Files of the build that are never served: source maps (they publish the source) and the compressed copies under their own names. */
const NEVER_SERVED = /\.(map|br|gz)$/;

/**
 * Files of the build under a fixed name whose content changes with each build, revalidated on every
 * use: the service worker (the browser looks for a new version through it, and a day-old copy would
 * keep an old app on phones) and the web app manifest.
 */
const ALWAYS_REVALIDATED = new Set(['/sw.js', '/manifest.webmanifest']);

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * Serves the built web app: hashed assets with a year-long cache, precompressed at build time, and
 * index.html (never cached) for every other path outside /api, /oidc and the liveness answer, where the app's router
 * takes over: with status 404 for a path that is none of its pages (the router shows its English 404
 * page); embed.html for the framed pages (`isEmbedPage`).
 */
export function webApp(options: WebAppOptions) {
  const distDir = path.resolve(options.distDir);
  const indexFile = path.join(distDir, 'index.html');
  const pageHtml = existsSync(indexFile) ? fillMeta(readFileSync(indexFile, 'utf8'), options.meta) : null;
  const page = pageHtml === null ? null : encodedPage(pageHtml);
  // The built logo (the page's icon), for the brand in the first paints.
  const logo = pageHtml === null ? null : logoOf(pageHtml);
  // The landing page with its hero in the HTML (landing-first-paint.ts): the same for everyone.
  const landingHtml = pageHtml === null ? null : withFirstPaint(pageHtml, landingFirstPaintMarkup(logo));
  const landing = landingHtml === null ? page : encodedPage(landingHtml);
  // The framed pages' own entry (isEmbedPage); a build without it answers those paths with the app.
  const embedFile = path.join(distDir, 'embed.html');
  const embed = existsSync(embedFile) ? encodedPage(readFileSync(embedFile, 'utf8')) : page;
  const cacheControl = (file: string) => {
    // Called with a request path or a file of the build: both read as the path under the root.
    const urlPath = file.startsWith(distDir) ? `/${path.relative(distDir, file).split(path.sep).join('/')}` : file;
    if (ALWAYS_REVALIDATED.has(urlPath)) return 'no-cache';
    return urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600';
  };
  const precompressed = new PrecompressedAssets(distDir);
  const hints = RouteHints.fromDist(distDir);
  const assets = express.static(distDir, { index: false, setHeaders: (res, file) => res.setHeader('Cache-Control', cacheControl(file)) });
  /** The event page with its hero in the HTML (event-first-paint.ts), or null for the page as it is. */
  async function firstPaintPage(route: RouteMatch | null, requestId: string): Promise<EncodedPage | null> {
    if (route?.path !== '/events/:id' || !options.eventHeadline || pageHtml === null) return null;
    const headline = await withinMs(options.eventHeadline(route.params.id, requestId), FIRST_PAINT_WAIT_MS).catch(() => null);
    if (!headline) return null;
    const html = withFirstPaint(pageHtml, firstPaintMarkup(headline, logo), RouteHints.stylesheetsOf(route));
    // Compressed per request, quickly (a few kB): the shared page's quality 11 costs too much here.
    return html === null ? null : encodedPage(html, 5);
  }
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.path.startsWith('/api') || req.path.startsWith('/oidc') || req.path === LIVENESS_PATH || (req.method !== 'GET' && req.method !== 'HEAD'))
      return next();
    if (NEVER_SERVED.test(req.path)) return next();
    if (req.path === '/index.html') return void sendPage(req, res, page, next);
    if (isEmbedPage(req.path)) return void sendPage(req, res, embed, next);
    if (precompressed.serve(req, res, cacheControl(req.path))) return;
    assets(req, res, () => {
      if (path.extname(req.path)) return next();
      if (req.path === '/') return void sendPage(req, res, landing, next, hints.linkHeaderFor('/'));
      const route = hints.match(req.path);
      // A path the app has no page for: its 404 page, said with the status too.
      if (!hints.isPage(req.path)) return void sendPage(req, res, page, next, null, 404);
      void firstPaintPage(route, req.requestId).then((filled) => {
        const links = route && filled ? RouteHints.withoutCode(route.links) : route?.links;
        return sendPage(req, res, filled ?? page, next, links?.join(', ') || null);
      });
    });
  };
}

/** `promise`'s value, or null once `ms` have passed. */
function withinMs<T>(promise: Promise<T | null>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

function fillMeta(html: string, meta: Record<string, string>): string {
  return Object.entries(meta).reduce(
    (page, [name, value]) => page.replace(new RegExp(`(<meta name="flohmarkt:${name}" content=")[^"]*(")`), `$1${escapeAttribute(value)}$2`),
    html,
  );
}

interface EncodedPage {
  html: Buffer;
  encoded: Record<Encoding, Promise<Buffer | null>>;
}

/**
 * index.html with its meta tags filled in (and the landing page with its first paint), compressed
 * once at start on the thread pool (never on the event loop); a compression that failed leaves that
 * encoding out. An event page with its first paint is one per request: a lower quality keeps that quick.
 */
function encodedPage(html: string, brotliQuality = 11): EncodedPage {
  const body = Buffer.from(html);
  return {
    html: body,
    encoded: {
      br: brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }).catch(
        () => null,
      ),
      gzip: gzipped(body, { level: brotliQuality === 11 ? 9 : 6 }).catch(() => null),
    },
  };
}

/** `link`: what this route's page loads first (route-hints.ts), for the browser to fetch at once. */
async function sendPage(req: Request, res: Response, page: EncodedPage | null, next: NextFunction, link: string | null = null, status = 200): Promise<void> {
  if (!page) return next();
  res.setHeader('Cache-Control', 'no-cache');
  if (link) res.setHeader('Link', link);
  res.setHeader('Vary', 'Accept-Encoding');
  res.type('html');
  const encoding = preferredEncoding(req.header('accept-encoding'));
  const body = encoding ? await page.encoded[encoding] : null;
  if (encoding && body) res.setHeader('Content-Encoding', encoding);
  const sent = body ?? page.html;
  res.setHeader('Content-Length', String(sent.length));
  res.status(status).end(req.method === 'HEAD' ? undefined : sent);
}
