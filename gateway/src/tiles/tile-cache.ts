import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Tiles on disk, one file per z/x/y, fresh for `maxAgeMs`; writes are atomic (temp file + rename). */
export class TileCache {
  constructor(
    private readonly dir: string,
    private readonly maxAgeMs: number,
  ) {}

  private file(z: number, x: number, y: number): string {
    return path.join(this.dir, String(z), String(x), `${y}.png`);
  }

  async get(z: number, x: number, y: number): Promise<Buffer | null> {
    const file = this.file(z, x, y);
    try {
      const info = await stat(file);
      if (Date.now() - info.mtimeMs > this.maxAgeMs) return null;
      return await readFile(file);
    } catch {
      return null;
    }
  }

  async put(z: number, x: number, y: number, tile: Buffer): Promise<void> {
    const file = this.file(z, x, y);
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temp, tile);
    await rename(temp, file);
  }
}
