import path from 'node:path';
import { ROUTE_HINTS } from './route-hints.ts';

/**
 * How a page whose first paint counts (one the server sends route hints for, route-hints.ts) is cut
 * into chunks. Left to itself, the bundler gives every small module that two lazily loaded pages
 * share its own chunk of about 1 kB: the event page needed twenty of them besides its own, all
 * fetched before its title could paint. On a phone each request costs a round trip (150 ms on slow
 * 4G, six connections at a time over HTTP/1.1): Lighthouse counted about three such rounds (issue 22).
 *
 * So the app's own modules (web/src) such a page needs and other lazy chunks share too travel as one
 * chunk, `<Page>-shared`: the page then loads the entry (already there), its own chunk and that one.
 * A page that shares one of these modules loads the whole chunk (about 10 kB gzipped), a fair price
 * for one request instead of several. Library code (node_modules, libs/) and the entry's modules are
 * left to the bundler: `/`'s first paint does not change, and the contracts' schemas (zod) stay out.
 */

/** The part of rolldown's module info this reads. */
export interface ChunkModuleInfo {
  id: string;
  isEntry: boolean;
  importers: readonly string[];
  dynamicImporters: readonly string[];
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
}

type ModuleGraph = Map<string, ChunkModuleInfo>;

/** Every module of the graph, found from `start` through importers and imports of both kinds. */
function wholeGraph(start: string, infoOf: (id: string) => ChunkModuleInfo | null): ModuleGraph {
  const modules: ModuleGraph = new Map();
  const queue = [start];
  while (queue.length) {
    const id = queue.pop() as string;
    if (modules.has(id)) continue;
    const info = infoOf(id);
    if (!info) continue;
    modules.set(id, info);
    queue.push(...info.importers, ...info.dynamicImporters, ...info.importedIds, ...info.dynamicallyImportedIds);
  }
  return modules;
}

/** `from` and what it imports statically, transitively, never entering `stop`. */
function staticClosure(from: string, modules: ModuleGraph, stop: ReadonlySet<string> = new Set()): Set<string> {
  const seen = new Set<string>();
  const queue = [from];
  while (queue.length) {
    const id = queue.pop() as string;
    if (seen.has(id) || stop.has(id) || !modules.has(id)) continue;
    seen.add(id);
    queue.push(...(modules.get(id) as ChunkModuleInfo).importedIds);
  }
  return seen;
}

/**
 * Per hinted page (a module path relative to `root`), the chunk name of each app module (under
 * `root`/src) the page imports statically that no entry does and some other lazily loaded module
 * (another page, a dialog, the map) imports too. A module two hinted pages share goes with the first.
 */
export function sharedPageModules(modules: ModuleGraph, root: string, pages: readonly string[]): Map<string, string> {
  const source = path.resolve(root, 'src') + path.sep;
  const initial = new Set<string>();
  for (const info of modules.values()) if (info.isEntry) for (const id of staticClosure(info.id, modules)) initial.add(id);
  const lazyRoots = [...modules.values()].filter((m) => m.dynamicImporters.length > 0 && !initial.has(m.id)).map((m) => m.id);
  const rootsReaching = new Map<string, number>();
  for (const lazyRoot of lazyRoots) for (const id of staticClosure(lazyRoot, modules, initial)) rootsReaching.set(id, (rootsReaching.get(id) ?? 0) + 1);
  const names = new Map<string, string>();
  for (const page of pages) {
    const pageId = path.resolve(root, page);
    const name = `${path.basename(page).replace(/\.[jt]sx?$/, '')}-shared`;
    for (const id of staticClosure(pageId, modules, initial)) {
      if (id !== pageId && id.startsWith(source) && (rootsReaching.get(id) ?? 0) >= 2 && !names.has(id)) names.set(id, name);
    }
  }
  return names;
}

/** rolldown's `output.codeSplitting` for the hinted pages: one group, its chunk named per page. */
export function pageChunks(root: string, pages: readonly string[] = ROUTE_HINTS.map((hint) => hint.page)) {
  let names: Map<string, string> | null = null;
  return {
    groups: [
      {
        debugName: 'hinted pages',
        // The graph is complete when rolldown first asks, whichever module it asks about.
        name(id: string, ctx: { getModuleInfo: (id: string) => ChunkModuleInfo | null }): string | null {
          names ??= sharedPageModules(
            wholeGraph(id, (m) => ctx.getModuleInfo(m)),
            root,
            pages,
          );
          return names.get(id) ?? null;
        },
        // Only the modules chosen above: with their dependencies the group would also take the
        // entry's (React, the API client) and `/` would load this chunk before its first paint.
        includeDependenciesRecursively: false,
      },
    ],
  };
}
