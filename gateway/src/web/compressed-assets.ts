import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import { preferredEncoding, type Encoding } from '../http/content-encoding.js';

const COMPRESSIBLE: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

export function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br' ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }) : gzipSync(body, { level: 9 });
}

/**
 * The built app's text files (scripts, styles, SVG), compressed once with brotli or gzip and kept
 * in memory: they never change while the process runs (hashed names), and a phone on a slow
 * network loads a third of the bytes. Answers false when the file is not one of them.
 */
export class CompressedAssets {
  private readonly cache = new Map<string, Buffer>();

  constructor(private readonly distDir: string) {}

  serve(req: Request, res: Response, cacheControl: (file: string) => string): boolean {
    const type = COMPRESSIBLE[path.extname(req.path)];
    const encoding = preferredEncoding(req.header('accept-encoding'));
    if (!type || !encoding) return false;
    const file = path.join(this.distDir, path.normalize(decodeURIComponent(req.path)));
    if (!file.startsWith(this.distDir + path.sep)) return false;
    const key = `${encoding}:${file}`;
    // A file found once stays (hashed names never change while the process runs): no disk check per request.
    let body = this.cache.get(key);
    if (!body) {
      if (!existsSync(file) || !statSync(file).isFile()) return false;
      body = compress(readFileSync(file), encoding);
      this.cache.set(key, body);
    }
    res.setHeader('Content-Type', type);
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Cache-Control', cacheControl(file));
    res.setHeader('Content-Length', String(body.length));
    res.status(200).end(req.method === 'HEAD' ? undefined : body);
    return true;
  }
}
