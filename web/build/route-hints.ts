import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { GET_EVENT, LIST_EVENT_STANDS, publicCallPath, type PublicCall } from '@flohmarkt/contracts';
import { PAGE_PATTERNS } from '../src/lib/paths.ts';

/**
 * What a page needs before it can paint, named per route, so the server can tell the browser with
 * the HTML itself (a `Link` header, gateway/src/web/route-hints.ts): the page's lazily loaded code
 * and styles, and the API reads it starts with. Without them the browser learns of each only after
 * the previous step ran: the page, then the entry script, then the page's chunk, then its data (on
 * a slow phone about a second of waiting in a row). With them all travel at once.
 *
 * `data` are the very URLs the page's queries request (`:name` stands for the route's parameter);
 * route-hints.spec.ts checks them against the fetchers, so they cannot drift apart.
 */
export const ROUTE_HINTS: readonly RouteHint[] = [routeHint(PAGE_PATTERNS.event, 'src/app/pages/EventPage.tsx', [GET_EVENT, LIST_EVENT_STANDS])];

/**
 * A route's hint with its reads' URLs from their call declarations, each of the route's `:name`
 * left in place for the server to fill in (gateway/src/web/route-hints.ts). A read that needs a
 * parameter the route does not have fails the build (publicCallPath throws).
 */
function routeHint(route: string, page: string, reads: readonly Pick<PublicCall, 'path'>[]): RouteHint {
  const placeholders = Object.fromEntries([...route.matchAll(/:([A-Za-z]+)/g)].map(([placeholder, name]) => [name, placeholder]));
  // publicCallPath encodes each value as a segment, the placeholder's colon too: decoded it is `:name` again.
  return { path: route, page, data: reads.map((read) => decodeURIComponent(publicCallPath(read, placeholders))) };
}

export interface RouteHint {
  /** A route of web/src/app/routes.tsx, with `:name` for a whole path segment. */
  path: string;
  /** The page module the route loads lazily, relative to web/. */
  page: string;
  /** API reads the page makes at once, as the web app's fetch requests them (same-origin, with credentials). */
  data: readonly string[];
}

/** What the build writes to dist/route-hints.json: per route, the `Link` header's entries. */
export interface RouteHintsFile {
  routes: { path: string; links: string[] }[];
  /** Every page of the app's route table: the server answers any other path with the app's 404 page and status 404. */
  pages: string[];
}

/** The part of a rollup output chunk this needs (also what the spec builds by hand). */
export interface BuiltChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

type Bundle = Record<string, BuiltChunk | { type: 'asset'; fileName: string }>;

function chunksOf(bundle: Bundle): BuiltChunk[] {
  return Object.values(bundle).filter((c): c is BuiltChunk => c.type === 'chunk');
}

/** A chunk and every chunk it imports statically, transitively (what loading it pulls in). */
function closure(start: BuiltChunk, byFile: Map<string, BuiltChunk>): BuiltChunk[] {
  const seen = new Map<string, BuiltChunk>();
  const visit = (chunk: BuiltChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const file of chunk.imports) {
      const next = byFile.get(file);
      if (next) visit(next);
    }
  };
  visit(start);
  return [...seen.values()];
}

/**
 * The `Link` entries of each route, in this order: the stylesheets (the entry's, then the page's
 * chunks'), preload as fetch with credentials for the data (it must match the app's
 * `fetch(url, { credentials: 'include' })`, or the browser fetches twice), modulepreload for the
 * entry's chunks, then for the page's chunks the entry does not load. A route whose page is not in
 * the bundle fails the build: a renamed page would otherwise lose its hints silently.
 */
export function routeHintsOf(bundle: Bundle, root: string, base = '/', hints: readonly RouteHint[] = ROUTE_HINTS): RouteHintsFile {
  const chunks = chunksOf(bundle);
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  // The app's entry (index.html's script), not another page's (embed.html has its own).
  const appHtml = path.resolve(root, 'index.html');
  const app = chunks.find((c) => c.isEntry && c.facadeModuleId !== null && path.resolve(c.facadeModuleId) === appHtml);
  if (!app) throw new Error('route hints: no entry chunk for index.html');
  const entryChunks = closure(app, byFile);
  const loadedByEntry = new Set(entryChunks.map((c) => c.fileName));
  // The HTML names the entry too, but the browser reads a header's links before the HTML. Its
  // stylesheet as index.html links it (crossorigin): a preload in another mode is fetched twice.
  const entryScripts = entryChunks.map((c) => `<${base}${c.fileName}>; rel=modulepreload`);
  const entryStyles = [...new Set(entryChunks.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]))].map(
    (file) => `<${base}${file}>; rel=preload; as=style; crossorigin`,
  );
  const routes = hints.map((hint) => {
    const pageFile = path.resolve(root, hint.page);
    const page = chunks.find((c) => c.facadeModuleId !== null && path.resolve(c.facadeModuleId) === pageFile);
    if (!page) throw new Error(`route hints: no chunk for ${hint.page} (route ${hint.path}); is it still loaded lazily?`);
    const needed = closure(page, byFile).filter((c) => !loadedByEntry.has(c.fileName));
    const styles = [...new Set(needed.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]))];
    return {
      path: hint.path,
      // The stylesheets first: the server sends the page's first paint with its HTML
      // (gateway/src/web/event-first-paint.ts), and that paint waits for them only, not for the
      // scripts; over HTTP/1.1 (six connections) what is asked first gets a connection first. Then
      // the data (the server needs a moment for it), then the entry's and the page's code.
      links: [
        ...entryStyles,
        ...styles.map((file) => `<${base}${file}>; rel=preload; as=style`),
        ...hint.data.map((url) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`),
        ...entryScripts,
        ...needed.map((c) => `<${base}${c.fileName}>; rel=modulepreload`),
      ],
    };
  });
  return { routes, pages: Object.values(PAGE_PATTERNS) };
}

/** Vite plugin: writes dist/route-hints.json (build only). */
export function routeHints(): Plugin {
  let outDir = '';
  let root = '';
  let base = '/';
  return {
    name: 'flohmarkt:route-hints',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      root = config.root;
      base = config.base;
    },
    async writeBundle(_options, bundle) {
      const file = routeHintsOf(bundle as unknown as Bundle, root, base);
      await writeFile(path.join(outDir, 'route-hints.json'), `${JSON.stringify(file, null, 2)}\n`);
    },
  };
}
