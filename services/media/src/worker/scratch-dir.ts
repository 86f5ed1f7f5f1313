import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** A scratch file older than this belongs to a worker that was killed mid-job (a job takes seconds). */
const STALE_AFTER_MS = 60 * 60 * 1000;

/**
 * Where the worker keeps an original while it renders it (a local file, so that libvips can shrink
 * a JPEG while decoding it). Every job gets its own file name, so replicas can share the folder;
 * files a killed worker left behind are removed at the next start once they are an hour old.
 */
export class ScratchDir {
  constructor(readonly dir: string) {}

  /** Creates the folder and clears what a killed worker left; answers how many files were stale. */
  async prepare(now = Date.now()): Promise<number> {
    await mkdir(this.dir, { recursive: true });
    let removed = 0;
    for (const name of await readdir(this.dir)) {
      const file = path.join(this.dir, name);
      const info = await stat(file).catch(() => null);
      if (info?.isFile() && now - info.mtimeMs > STALE_AFTER_MS) {
        await rm(file, { force: true });
        removed++;
      }
    }
    return removed;
  }

  /** Runs `use` with a fresh file path in the folder and removes the file afterwards, whatever happened. */
  async withFile<T>(label: string, use: (file: string) => Promise<T>): Promise<T> {
    const file = path.join(this.dir, `${label}-${randomUUID()}.original`);
    try {
      return await use(file);
    } finally {
      await rm(file, { force: true });
    }
  }
}
