import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TileCache } from './tile-cache.js';

const DAY_MS = 24 * 3600 * 1000;
const tile = (fill: number) => Buffer.alloc(100, fill);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'tile-cache-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** The tiles on disk as z/x/y, and their bytes, read from the directory itself. */
function onDisk(): { tiles: string[]; bytes: number } {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => statSync(path.join(dir, name)).isFile());
  return {
    tiles: files
      .map((name) =>
        name
          .replace(/\.png$/, '')
          .split(path.sep)
          .join('/'),
      )
      .sort(),
    bytes: files.reduce((sum, name) => sum + statSync(path.join(dir, name)).size, 0),
  };
}

function storeOld(key: string, bytes: number, ageMs: number): void {
  const file = path.join(dir, `${key}.png`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, Buffer.alloc(bytes));
  const at = new Date(Date.now() - ageMs);
  utimesSync(file, at, at);
}

describe('tile cache on disk', () => {
  it('stays below its size by removing the least recently used tiles', async () => {
    const cache = new TileCache({ dir, maxAgeMs: DAY_MS, maxBytes: 300 });
    await cache.put(5, 1, 1, tile(1));
    await cache.put(5, 1, 2, tile(2));
    await cache.put(5, 1, 3, tile(3));
    expect(await cache.get(5, 1, 1)).toEqual(tile(1));
    await cache.put(5, 1, 4, tile(4));
    expect(onDisk()).toEqual({ tiles: ['5/1/1', '5/1/3', '5/1/4'], bytes: 300 });
    expect(await cache.get(5, 1, 2)).toBeNull();
    expect(await cache.get(5, 1, 3)).toEqual(tile(3));
    expect(cache.bytes).toBe(300);
  });

  it('counts a tile written again once', async () => {
    const cache = new TileCache({ dir, maxAgeMs: DAY_MS, maxBytes: 300 });
    for (let i = 0; i < 5; i++) await cache.put(5, 1, 1, tile(i));
    await cache.put(5, 1, 2, tile(9));
    expect(onDisk()).toEqual({ tiles: ['5/1/1', '5/1/2'], bytes: 200 });
    expect(await cache.get(5, 1, 1)).toEqual(tile(4));
  });

  it('treats a tile older than its days as missing', async () => {
    storeOld('5/2/2', 100, 2 * DAY_MS);
    expect(await new TileCache({ dir, maxAgeMs: DAY_MS, maxBytes: 1000 }).get(5, 2, 2)).toBeNull();
  });

  it('after a restart knows the tiles on disk: removes the oldest above the size, expired tiles and stray temp files', async () => {
    storeOld('3/1/1', 100, 3 * 3600_000);
    storeOld('3/1/2', 100, 2 * 3600_000);
    storeOld('3/1/3', 100, 1 * 3600_000);
    storeOld('3/1/4', 100, 2 * DAY_MS);
    writeFileSync(path.join(dir, '3', '1', '5.png.1234.1700000000000.tmp'), Buffer.alloc(50));
    const cache = new TileCache({ dir, maxAgeMs: DAY_MS, maxBytes: 250 });
    expect(await cache.get(3, 1, 3)).not.toBeNull();
    expect(onDisk()).toEqual({ tiles: ['3/1/2', '3/1/3'], bytes: 200 });
    await cache.put(3, 1, 6, tile(6));
    // 3/1/3 was used after 3/1/2: the older one goes.
    expect(onDisk()).toEqual({ tiles: ['3/1/3', '3/1/6'], bytes: 200 });
  });

  it('starts empty in a directory that does not exist yet', async () => {
    const cache = new TileCache({ dir: path.join(dir, 'neu'), maxAgeMs: DAY_MS, maxBytes: 1000 });
    expect(await cache.get(1, 0, 0)).toBeNull();
    await cache.put(1, 0, 0, tile(1));
    expect(existsSync(path.join(dir, 'neu', '1', '0', '0.png'))).toBe(true);
  });
});
