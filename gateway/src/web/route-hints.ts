import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The web build's route hints (dist/route-hints.json, written by web/build/route-hints.ts): per
 * route, what its page loads before it can paint. The gateway sends them as the page's `Link`
 * header, so the browser fetches the page's code, styles and first API reads while it still reads
 * the HTML, instead of one after the other.
 */
interface HintsFile {
  routes: { path: string; links: string[] }[];
  /** The app's pages (`:name` a whole segment); absent in a build from before they were written. */
  pages?: string[];
}

interface CompiledRoute {
  path: string;
  segments: string[];
  links: string[];
}

export interface RouteMatch {
  /** The route as the build named it, e.g. '/events/:id'. */
  path: string;
  /** Its parameters by name (ids and slugs only, SAFE_PARAMETER). */
  params: Record<string, string>;
  links: string[];
}

/**
 * A parameter's value as the header may carry it: ids and slugs only. Anything else (commas,
 * semicolons, angle brackets, spaces, percent escapes) gets no hints rather than an escaped copy:
 * such a path never names an existing event, and the header must never change shape.
 */
const SAFE_PARAMETER = /^[A-Za-z0-9_-]{1,100}$/;

export class RouteHints {
  private readonly routes: CompiledRoute[] = [];
  /** Each page's segments; null: not known, every path may be a page. */
  private readonly pages: string[][] | null;

  constructor(file: HintsFile | null) {
    this.pages = Array.isArray(file?.pages) ? file.pages.filter((p) => typeof p === 'string' && p.startsWith('/')).map((p) => p.split('/').slice(1)) : null;
    for (const route of file?.routes ?? []) {
      if (!route.path.startsWith('/') || !Array.isArray(route.links)) continue;
      this.routes.push({
        path: route.path,
        segments: route.path.split('/').slice(1),
        links: route.links.filter((l) => typeof l === 'string' && !/[\r\n]/.test(l)),
      });
    }
  }

  /** Reads the hints the build left in `distDir`; none (an older build) means no header. */
  static fromDist(distDir: string): RouteHints {
    const file = path.join(distDir, 'route-hints.json');
    if (!existsSync(file)) return new RouteHints(null);
    try {
      return new RouteHints(JSON.parse(readFileSync(file, 'utf8')) as HintsFile);
    } catch {
      return new RouteHints(null);
    }
  }

  get size(): number {
    return this.routes.length;
  }

  /** The route a page path matches, with its parameters and its links filled in; null when none does (or a parameter is not an id). */
  match(pathname: string): RouteMatch | null {
    const segments = pathname.split('/').slice(1);
    for (const route of this.routes) {
      if (route.segments.length !== segments.length) continue;
      const values = new Map<string, string>();
      const matches = route.segments.every((part, i) => {
        if (!part.startsWith(':')) return part === segments[i];
        if (!SAFE_PARAMETER.test(segments[i])) return false;
        values.set(part, segments[i]);
        return true;
      });
      if (!matches || route.links.length === 0) continue;
      return {
        path: route.path,
        params: Object.fromEntries([...values].map(([name, value]) => [name.slice(1), value])),
        links: route.links.map((link) => link.replace(/:[A-Za-z]+/g, (name) => values.get(name) ?? name)),
      };
    }
    return null;
  }

  /**
   * Whether a path is one of the app's pages (a `:name` takes any segment; one trailing slash is
   * allowed, as the app's router allows it). Anything else gets the app's 404 page with status 404,
   * so a search engine never keeps a made-up path as a page.
   */
  isPage(pathname: string): boolean {
    if (this.pages === null) return true;
    const segments = (pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname).split('/').slice(1);
    return this.pages.some(
      (page) => page.length === segments.length && page.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i])),
    );
  }

  /** The `Link` header for a page path, or null when no route matches (or a parameter is not an id). */
  linkHeaderFor(pathname: string): string | null {
    return this.match(pathname)?.links.join(', ') ?? null;
  }

  /**
   * The links of a page that goes out with its first paint (event-first-paint.ts): its stylesheets
   * and reads, without its code. The first paint needs only the stylesheets, and the page's code
   * (some 130 kB) loaded beside them shares the visitor's bandwidth with them; the app asks for its
   * code itself once the first paint is shown (web/src/app/after-first-paint.ts).
   */
  static withoutCode(links: readonly string[]): string[] {
    return links.filter((link) => !/;\s*rel=modulepreload\b/.test(link));
  }

  /** The stylesheets a matched route preloads (its page's lazily loaded CSS among them). */
  static stylesheetsOf(match: RouteMatch): string[] {
    return match.links.map((link) => /^<(\/[^>]+\.css)>; rel=preload; as=style$/.exec(link)?.[1]).filter((href): href is string => href !== undefined);
  }
}
