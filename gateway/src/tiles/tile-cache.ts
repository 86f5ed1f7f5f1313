import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface TileCacheOptions {
  dir: string;
  /** A tile is fetched again this long after it was stored. */
  maxAgeMs: number;
  /** The tiles on disk stay below this many bytes: the least recently used go first. */
  maxBytes: number;
}

interface Entry {
  file: string;
  bytes: number;
}

/**
 * Tiles on disk, one file per z/x/y, fresh for `maxAgeMs`; writes are atomic (temp file + rename).
 * The disk use is bounded: an index in memory keeps the tiles in order of last use with their
 * sizes, and a write that takes the total above `maxBytes` removes the least recently used tiles.
 * The index starts from what is on disk (oldest first), so a restart neither forgets the cap nor
 * throws the cache away. Each process owns its directory: replicas sharing one would each count
 * only their own writes.
 */
export class TileCache {
  /** Keys `z/x/y` in order of last use, least recent first (a Map keeps insertion order). */
  private readonly entries = new Map<string, Entry>();
  private totalBytes = 0;
  private loading: Promise<void> | null = null;

  constructor(private readonly options: TileCacheOptions) {}

  /** Bytes of all tiles on disk as the index knows them (after the first read or write). */
  get bytes(): number {
    return this.totalBytes;
  }

  async get(z: number, x: number, y: number): Promise<Buffer | null> {
    await this.load();
    const key = `${z}/${x}/${y}`;
    const file = this.file(key);
    try {
      const info = await stat(file);
      if (Date.now() - info.mtimeMs > this.options.maxAgeMs) return null;
      const tile = await readFile(file);
      this.touch(key, { file, bytes: tile.length });
      return tile;
    } catch {
      this.forget(key);
      return null;
    }
  }

  async put(z: number, x: number, y: number, tile: Buffer): Promise<void> {
    await this.load();
    if (tile.length > this.options.maxBytes) return;
    const key = `${z}/${x}/${y}`;
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temp, tile);
    await rename(temp, file);
    this.touch(key, { file, bytes: tile.length });
    await this.evict();
  }

  private file(key: string): string {
    return path.join(this.options.dir, `${key}.png`);
  }

  /** Puts the tile last in the order of use, counting a replaced file's bytes once. */
  private touch(key: string, entry: Entry): void {
    this.forget(key);
    this.entries.set(key, entry);
    this.totalBytes += entry.bytes;
  }

  private forget(key: string): void {
    const known = this.entries.get(key);
    if (!known) return;
    this.entries.delete(key);
    this.totalBytes -= known.bytes;
  }

  private async evict(): Promise<void> {
    for (const [key, entry] of this.entries) {
      if (this.totalBytes <= this.options.maxBytes) return;
      this.forget(key);
      await unlink(entry.file).catch(() => undefined);
    }
  }

  /** Once per process: the tiles already on disk, oldest first; expired tiles and stray temp files go. */
  private load(): Promise<void> {
    this.loading ??= this.scan();
    return this.loading;
  }

  private async scan(): Promise<void> {
    const names = await readdir(this.options.dir, { recursive: true }).catch(() => [] as string[]);
    const found: { key: string; file: string; bytes: number; mtimeMs: number }[] = [];
    for (const name of names) {
      const file = path.join(this.options.dir, name);
      const key = tileKey(name);
      if (!key) {
        if (name.endsWith('.tmp')) await unlink(file).catch(() => undefined);
        continue;
      }
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) continue;
      if (Date.now() - info.mtimeMs > this.options.maxAgeMs) await unlink(file).catch(() => undefined);
      else found.push({ key, file, bytes: info.size, mtimeMs: info.mtimeMs });
    }
    found.sort((a, b) => a.mtimeMs - b.mtimeMs);
    for (const { key, file, bytes } of found) if (!this.entries.has(key)) this.touch(key, { file, bytes });
    await this.evict();
  }
}

/** `z/x/y` of a path below the cache directory, or null for anything that is not a tile. */
function tileKey(relative: string): string | null {
  const match = /^(\d+)[/\\](\d+)[/\\](\d+)\.png$/.exec(relative);
  return match ? `${match[1]}/${match[2]}/${match[3]}` : null;
}
