import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, createBrotliCompress, createGzip, gzip, gzipSync, type BrotliCompress, type Gzip } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/**
 * The encodings the browser takes, ours best first (brotli, then gzip). A coding with `q=0` is
 * refused, and `*` stands for every coding the header does not name.
 */
export function acceptedEncodings(acceptEncoding: string | undefined): Encoding[] {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((p) => p.trim());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isNaN(weight) ? 0 : weight);
  }
  const wildcard = weights.get('*') ?? 0;
  return (['br', 'gzip'] as const).filter((coding) => (weights.get(coding) ?? wildcard) > 0);
}

/** The encoding the browser takes, best first. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  return acceptedEncodings(acceptEncoding)[0] ?? null;
}

/**
 * Answers smaller than this go as they are: they would save a few network packets, and setting up
 * a compressor costs about half a millisecond of a core per answer on this kind of machine.
 */
export const MIN_COMPRESSED_BYTES = 8 * 1024;

/**
 * How to encode a service's JSON answer for this browser, or null to pass it on unchanged. The
 * landing map's list of up to 500 events is some 300 KB of JSON and about a tenth of that
 * compressed; a phone on a slow network feels the difference. Anything but JSON is left alone, and
 * so is an answer with a strong ETag (that names these exact bytes; a weak one, W/"…", as the
 * services' JSON answers carry, holds for any encoding of the same content).
 */
export function answerEncoding(acceptEncoding: string | undefined, headers: Record<string, string | string[] | undefined>): Encoding | null {
  const type = String(headers['content-type'] ?? '');
  const length = headers['content-length'] === undefined ? Infinity : Number(headers['content-length']);
  const strongEtag = headers.etag !== undefined && !String(headers.etag).startsWith('W/');
  if (!type.startsWith('application/json') || strongEtag || length < MIN_COMPRESSED_BYTES) return null;
  return preferredEncoding(acceptEncoding);
}

/** Compressed answers are made whole in memory (one trip to the thread pool): above this, they stream. */
export const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/**
 * The fastest settings of each encoder: brotli quality 1 packs the landing map's 500 events
 * (280 KB) to about 11 % in about 1 ms of CPU, within 2 % of quality 4 at less than half the time;
 * gzip level 1 in 1.5 ms to about 13 %. A 256 KB brotli window (instead of 4 MB) keeps memory low
 * with many answers in flight.
 */
const BROTLI_OPTIONS = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_LGWIN]: 18, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
};
const GZIP_OPTIONS = { level: 1 };

const brotliWhole = promisify(brotliCompress);
const gzipWhole = promisify(gzip);

/**
 * Up to this size an answer is compressed on the event loop: a page of 20 search hits (13 KB) takes
 * about 20 µs so, against about 180 µs of setting up the compressor and the trip to the thread pool
 * (measured with brotli quality 1); larger ones go to the pool and leave the loop free.
 */
const COMPRESSED_IN_LOOP_MAX_BYTES = 64 * 1024;

/** A whole answer, compressed in one call. */
export async function compressWhole(body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (body.length <= COMPRESSED_IN_LOOP_MAX_BYTES) return encoding === 'br' ? brotliCompressSync(body, BROTLI_OPTIONS) : gzipSync(body, GZIP_OPTIONS);
  return encoding === 'br' ? brotliWhole(body, BROTLI_OPTIONS) : gzipWhole(body, GZIP_OPTIONS);
}

/** A streaming compressor, for answers too large (or of unknown size) to hold in memory. */
export function compressor(encoding: Encoding): BrotliCompress | Gzip {
  return encoding === 'br' ? createBrotliCompress(BROTLI_OPTIONS) : createGzip(GZIP_OPTIONS);
}
