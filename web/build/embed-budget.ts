import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * What a framed page (`/embed/...`, embed.html) may load before it asks for the map library: clubs and
 * city portals put it on their own pages, often several on one, and it must not weigh on them.
 */
export const EMBED_JS_BUDGET_GZIP_BYTES = 60 * 1024;

/** The parts of a bundle's chunk this check reads (Rollup's and Rolldown's output chunks both have them). */
export interface BundleChunk {
  type: 'chunk';
  name: string;
  isEntry: boolean;
  fileName: string;
  code: string;
  /** Chunks loaded with this one before it runs (static imports); dynamic imports are not among them. */
  imports: readonly string[];
}
export type BundleOutput = Record<string, BundleChunk | { type: 'asset' }>;

export interface EntryWeight {
  files: string[];
  gzipBytes: number;
}

/**
 * The JavaScript an entry loads before its first line runs: the entry chunk and every chunk it imports
 * statically, transitively, each counted once, gzipped (level 9, what the build ships beside each file).
 * Chunks behind a dynamic import() (the map library) are not counted: they load after the list is shown.
 */
export function entryWeight(bundle: BundleOutput, entryName: string): EntryWeight {
  const chunks = Object.values(bundle).filter((c): c is BundleChunk => c.type === 'chunk');
  const entry = chunks.find((c) => c.isEntry && c.name === entryName);
  if (!entry)
    throw new Error(
      `the bundle has no entry named "${entryName}" (entries: ${chunks
        .filter((c) => c.isEntry)
        .map((c) => c.name)
        .join(', ')})`,
    );
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Set<string>();
  const pending = [entry.fileName];
  let gzipBytes = 0;
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const chunk = byFile.get(file);
    if (!chunk) continue;
    gzipBytes += gzipSync(chunk.code, { level: 9 }).length;
    pending.push(...chunk.imports);
  }
  return { files: [...seen].sort(), gzipBytes };
}

/** Vite plugin: fails the build when the entry's JavaScript before the map library is above the budget. */
export function embedBudget(entryName = 'embed', limitBytes = EMBED_JS_BUDGET_GZIP_BYTES): Plugin {
  let say: (line: string) => void = () => undefined;
  return {
    name: 'flohmarkt:embed-budget',
    apply: 'build',
    configResolved(config) {
      say = (line) => config.logger.info(line);
    },
    // After minification: the figure is what the browser receives.
    writeBundle(_options, bundle) {
      const weight = entryWeight(bundle as unknown as BundleOutput, entryName);
      const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
      const line = `${entryName} entry: ${kb(weight.gzipBytes)} of JavaScript gzipped before the map library (budget ${kb(limitBytes)}; ${weight.files.join(', ')})`;
      if (weight.gzipBytes > limitBytes) this.error(`over budget: ${line}`);
      say(line);
    },
  };
}
