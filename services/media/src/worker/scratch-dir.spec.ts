import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ScratchDir } from './scratch-dir.js';

let root: string | null = null;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = null;
});
function freshDir(): string {
  root = mkdtempSync(path.join(tmpdir(), 'scratch-dir-spec-'));
  return path.join(root, 'photo-worker');
}

describe('ScratchDir', () => {
  it('removes the file after the job, also when the job fails', async () => {
    const scratch = new ScratchDir(freshDir());
    await scratch.prepare();
    let seen = '';
    const answer = await scratch.withFile('photo-1', async (file) => {
      writeFileSync(file, 'original');
      seen = file;
      return 'done';
    });
    expect(answer).toBe('done');
    await expect(
      scratch.withFile('photo-2', async (file) => {
        writeFileSync(file, 'original');
        throw new Error('store went away');
      }),
    ).rejects.toThrow('store went away');
    expect(existsSync(seen)).toBe(false);
    expect(readdirSync(scratch.dir)).toEqual([]);
  });

  it('gives two jobs of the same photo different files', async () => {
    const scratch = new ScratchDir(freshDir());
    await scratch.prepare();
    const files = await Promise.all([1, 2].map(() => scratch.withFile('photo-1', async (file) => file)));
    expect(new Set(files).size).toBe(2);
  });

  it('clears at start what a killed worker left an hour ago, and nothing a running job still uses', async () => {
    const dir = freshDir();
    const scratch = new ScratchDir(dir);
    await scratch.prepare();
    writeFileSync(path.join(dir, 'left-behind.original'), 'x');
    writeFileSync(path.join(dir, 'in-use.original'), 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600 * 1000);
    utimesSync(path.join(dir, 'left-behind.original'), twoHoursAgo, twoHoursAgo);
    expect(await new ScratchDir(dir).prepare()).toBe(1);
    expect(readdirSync(dir)).toEqual(['in-use.original']);
  });
});
