import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Gazetteer } from '../offline/gazetteer.js';
import { compileGazetteer } from './compile.js';
import { COMPACT_VERSION } from './compact.js';
import { loadCompactGazetteer } from './load.js';
import { readRawSources } from './raw-sources.js';

const dir = mkdtempSync(path.join(tmpdir(), 'gazetteer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('loading the gazetteer', () => {
  const compiled = compileGazetteer(readRawSources());

  it('reads the precomputed file the build writes, and searches it the same', () => {
    const file = path.join(dir, 'data.json');
    writeFileSync(file, JSON.stringify(compiled));
    const loaded = loadCompactGazetteer(file);
    expect(loaded).toEqual(compiled);
    const fromFile = Gazetteer.fromCompact(loaded);
    const fromSources = Gazetteer.fromCompact(compiled);
    for (const query of ['Berlin', 'Neustadt', '101', '16845 Dreetz']) expect(fromFile.search(query, 5)).toEqual(fromSources.search(query, 5));
  });

  it('compiles from the registry packages when the file is missing or of another version', () => {
    const stale = path.join(dir, 'stale.json');
    writeFileSync(stale, JSON.stringify({ version: COMPACT_VERSION + 1, places: [], postcodes: [] }));
    expect(loadCompactGazetteer(stale).places.length).toBe(compiled.places.length);
    expect(loadCompactGazetteer(path.join(dir, 'missing.json')).postcodes.length).toBe(compiled.postcodes.length);
  });
});
