// @vitest-environment node
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressDirectory', () => {
  it('writes brotli and gzip copies beside each compressible file, decoding to the original and smaller', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
    mkdirSync(path.join(dir, 'assets'));
    const script = Buffer.from(`export const names = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `Stand ${i}`))};`);
    const style = Buffer.from('.stand-card { display: grid; gap: 1rem; }\n'.repeat(40));
    writeFileSync(path.join(dir, 'assets', 'index-abc.js'), script);
    writeFileSync(path.join(dir, 'assets', 'index-abc.css'), style);
    writeFileSync(path.join(dir, 'assets', 'tiny-abc.js'), 'export {};');
    writeFileSync(path.join(dir, 'assets', 'photo-abc.png'), Buffer.alloc(4096, 7));
    writeFileSync(path.join(dir, 'index.html'), `<html>${'<p>Flohmarkt</p>'.repeat(100)}</html>`);

    const totals = await precompressDirectory(dir);

    for (const [file, original] of [
      ['assets/index-abc.js', script],
      ['assets/index-abc.css', style],
    ] as const) {
      const br = readFileSync(path.join(dir, `${file}.br`));
      const gz = readFileSync(path.join(dir, `${file}.gz`));
      expect(brotliDecompressSync(br).equals(original)).toBe(true);
      expect(gunzipSync(gz).equals(original)).toBe(true);
      expect(br.length).toBeLessThan(original.length / 3);
      expect(gz.length).toBeLessThan(original.length / 3);
    }
    // Too small to gain, not text, or rewritten by the gateway at start: no copies.
    for (const file of ['assets/tiny-abc.js', 'assets/photo-abc.png', 'index.html']) {
      expect(existsSync(path.join(dir, `${file}.br`))).toBe(false);
      expect(existsSync(path.join(dir, `${file}.gz`))).toBe(false);
    }
    expect(totals.files).toBe(2);
  });
});
