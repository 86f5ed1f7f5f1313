import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { MIN_COMPRESSED_BYTES, acceptedEncodings, answerEncoding, compressWhole, compressor, preferredEncoding } from './content-encoding.js';

const json = (length?: number) => ({
  'content-type': 'application/json; charset=utf-8',
  ...(length === undefined ? {} : { 'content-length': String(length) }),
});

describe('content encoding of answers', () => {
  it('prefers brotli, then gzip, and takes neither when the browser names neither', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });

  it('refuses a coding the browser weighs q=0, and reads * as every coding not named', () => {
    expect(acceptedEncodings('br;q=0, gzip')).toEqual(['gzip']);
    expect(acceptedEncodings('gzip;q=0.5, br;q=1.0')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('*')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('gzip;q=0, *;q=0.1')).toEqual(['br']);
    expect(acceptedEncodings('br;q=0, gzip;q=0')).toEqual([]);
  });

  it('compresses JSON answers from 8 KB on, and those of unknown length', () => {
    expect(answerEncoding('br', json(MIN_COMPRESSED_BYTES))).toBe('br');
    expect(answerEncoding('gzip', json())).toBe('gzip');
    expect(answerEncoding('gzip', json(MIN_COMPRESSED_BYTES - 1))).toBeNull();
  });

  it('leaves photos, answers with a strong ETag and anything but JSON as they are', () => {
    expect(answerEncoding('br', { 'content-type': 'image/jpeg', 'content-length': '500000' })).toBeNull();
    expect(answerEncoding('br', { ...json(50_000), etag: '"abc"' })).toBeNull();
    expect(answerEncoding('br', { ...json(50_000), etag: 'W/"c350-abc"' })).toBe('br');
    expect(answerEncoding('br', { 'content-type': 'text/html', 'content-length': '50000' })).toBeNull();
  });

  it('compresses a body, whole or streamed, to bytes that decode to the same, several times smaller', async () => {
    const list = Buffer.from(
      JSON.stringify(
        Array.from({ length: 500 }, (_, i) => ({ id: `event-${i}`, name: `Flohmarkt ${i}`, location: 'Marktplatz, Köln', latitude: '50.93750000' })),
      ),
    );
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const streamed = await buffer(Readable.from([list]).pipe(compressor(encoding)));
      const whole = await compressWhole(list, encoding);
      for (const packed of [streamed, whole]) {
        expect(decode(packed).equals(list)).toBe(true);
        expect(packed.length).toBeLessThan(list.length / 5);
      }
    }
  });
});
