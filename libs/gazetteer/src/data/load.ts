import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileGazetteer } from './compile.js';
import { COMPACT_FILE_NAME, isCompactGazetteer, type CompactGazetteer } from './compact.js';
import { readRawSources } from './raw-sources.js';

/** Where the build writes the precomputed gazetteer: dist/gazetteer-data.json beside dist/index.js. */
export const COMPACT_FILE = fileURLToPath(new URL(`../${COMPACT_FILE_NAME}`, import.meta.url));

/**
 * The gazetteer's data: the precomputed file when the library was built (a few ms), else compiled
 * from the registry packages on the spot (about a second and a passing 70 MB: tests run from the
 * sources, where no build output exists).
 */
export function loadCompactGazetteer(file: string = COMPACT_FILE): CompactGazetteer {
  if (existsSync(file)) {
    const data: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (isCompactGazetteer(data)) return data;
  }
  return compileGazetteer(readRawSources());
}
