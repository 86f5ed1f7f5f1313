import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Request, Response } from 'express';
import { acceptedEncodings, type Encoding } from '../http/content-encoding.js';
import { matchesIfNoneMatch } from '../http/public-read-cache.js';

/** The types of the files the web build precompresses (web/build/precompress.ts). */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.xml': 'application/xml',
};

const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

interface Variant {
  body: Buffer;
  etag: string;
}

interface Asset {
  type: string;
  variants: Partial<Record<Encoding, Variant>>;
}

/** A strong validator per encoded file: these exact bytes. */
function etagOf(body: Buffer, encoding: Encoding): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}-${encoding}"`;
}

/**
 * The web build's precompressed copies (`<file>.br`, `<file>.gz`, written at build time), read
 * once at start and kept in memory: a request costs no compression and no disk access, and the
 * bytes and their length are known before the first one. A file without a copy for any encoding the
 * browser takes is left to the static file server (answers false), unchanged.
 */
export class PrecompressedAssets {
  private readonly assets = new Map<string, Asset>();

  constructor(distDir: string) {
    if (!existsSync(distDir)) return;
    for (const entry of readdirSync(distDir, { withFileTypes: true, recursive: true })) {
      const file = path.join(entry.parentPath, entry.name);
      const type = TYPES[path.extname(entry.name)];
      if (!entry.isFile() || !type) continue;
      const variants: Asset['variants'] = {};
      for (const encoding of ['br', 'gzip'] as const) {
        const copy = file + SUFFIX[encoding];
        if (!existsSync(copy)) continue;
        const body = readFileSync(copy);
        variants[encoding] = { body, etag: etagOf(body, encoding) };
      }
      const urlPath = `/${path.relative(distDir, file).split(path.sep).join('/')}`;
      this.assets.set(urlPath, { type, variants });
    }
  }

  serve(req: Request, res: Response, cacheControl: string): boolean {
    const asset = this.assets.get(req.path);
    if (!asset) return false;
    // The answer depends on Accept-Encoding whichever copy goes out, the original included.
    res.setHeader('Vary', 'Accept-Encoding');
    const encoding = acceptedEncodings(req.header('accept-encoding')).find((e) => asset.variants[e]);
    const variant = encoding && asset.variants[encoding];
    if (!encoding || !variant) return false;
    res.setHeader('Content-Type', asset.type);
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Cache-Control', cacheControl);
    res.setHeader('ETag', variant.etag);
    if (matchesIfNoneMatch(req.header('if-none-match'), variant.etag)) {
      res.status(304).end();
      return true;
    }
    res.setHeader('Content-Length', String(variant.body.length));
    res.status(200).end(req.method === 'HEAD' ? undefined : variant.body);
    return true;
  }
}
