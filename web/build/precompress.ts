import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * The text files the gateway serves precompressed (and a static server can, with nginx's
 * `gzip_static`/`brotli_static`). index.html is not among them: the gateway fills its meta tags
 * at start, so a file made here would be stale.
 */
export const PRECOMPRESSED_EXTENSIONS = ['.js', '.css', '.svg', '.json', '.txt', '.webmanifest', '.xml'];

/** Below this a compressed copy saves less than a network packet. */
const MIN_BYTES = 256;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

async function filesBelow(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/**
 * Writes `<file>.br` (brotli quality 11) and `<file>.gz` (gzip level 9) beside every compressible
 * file of the build, once, at build time: the strongest settings cost seconds here and nothing per
 * request, where the gateway would otherwise spend them on its event loop. A copy that would not be
 * smaller than the original is not written (the original is served then).
 */
export async function precompressDirectory(dir: string): Promise<{ files: number; bytes: number; brotliBytes: number; gzipBytes: number }> {
  const files = (await filesBelow(dir)).filter((file) => PRECOMPRESSED_EXTENSIONS.includes(path.extname(file)));
  const totals = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < MIN_BYTES) return;
      const body = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzipped(body, { level: 9 }),
      ]);
      if (br.length < body.length) await writeFile(`${file}.br`, br);
      if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
      totals.files += 1;
      totals.bytes += body.length;
      totals.brotliBytes += Math.min(br.length, body.length);
      totals.gzipBytes += Math.min(gz.length, body.length);
    }),
  );
  return totals;
}

/** Vite plugin: precompresses the output directory once the bundle is written (build only). */
export function precompress(): Plugin {
  let outDir = '';
  let say: (line: string) => void = () => undefined;
  return {
    name: 'flohmarkt:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      say = (line) => config.logger.info(line);
    },
    async closeBundle() {
      const t = await precompressDirectory(outDir);
      const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
      say(`precompressed ${t.files} files: ${kb(t.bytes)} → brotli ${kb(t.brotliBytes)}, gzip ${kb(t.gzipBytes)}`);
    },
  };
}
