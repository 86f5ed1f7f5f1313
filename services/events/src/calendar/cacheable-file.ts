import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';

/**
 * Calendar apps and maps poll these files. They may keep one a few minutes (an edit or a
 * cancellation shows within that time) and ask again with If-None-Match; the ETag is the hash of
 * the body, so an unchanged file costs a 304 without a body.
 */
const FILE_CACHE_CONTROL = 'public, max-age=300';

export interface TCacheableFile {
  body: string;
  contentType: string;
  /** `attachment` saves the file, `inline` lets a calendar app subscribe to the same address. */
  disposition: 'attachment' | 'inline';
  fileName: string;
}

function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** Whether the client already holds this version (If-None-Match, weak comparison as RFC 9110 13.1.2 asks). */
function clientHolds(req: Request, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export function sendCacheableFile(req: Request, res: Response, file: TCacheableFile): void {
  const etag = etagOf(file.body);
  res.setHeader('Cache-Control', FILE_CACHE_CONTROL);
  res.setHeader('ETag', etag);
  if (clientHolds(req, etag)) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Content-Disposition', `${file.disposition}; filename="${file.fileName}"`);
  res.send(Buffer.from(file.body, 'utf8'));
}
