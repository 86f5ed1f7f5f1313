import { closeSync, openSync, writeSync } from 'node:fs';
import net from 'node:net';
import { StorageUnavailableError } from './storage-errors.js';

/*
 * The worker's download of an original (several MB) on a plain socket, straight into a file.
 *
 * Through Node's HTTP client every 64 KiB of a body becomes a fresh buffer, a stream event and a
 * write of its own: on a 4.3 MB photo that is about 14 ms of the worker's CPU, a sixth of what
 * rendering the photo costs. Here the socket reads into one reused buffer and each read goes to
 * the file at once (about 5 ms). The request is a presigned GET (the signature is in the URL),
 * so nothing but a status line and a Content-Length has to be understood: any other answer
 * (a missing object, an error, a chunked body) is left to the S3 client.
 */

/** The body is in the file, or the answer was something other than a plain sized 200. */
export type TSocketDownload = { kind: 'written'; bytes: number } | { kind: 'other-answer'; status: number };

/** One read of the socket at most: large enough that a fast store fills it, small enough to stay out of the way. */
const READ_BUFFER_BYTES = 256 * 1024;
/** An answer whose status line and headers do not fit here is not one this reader handles. */
const MAX_HEAD_BYTES = 64 * 1024;
const HEAD_END = Buffer.from('\r\n\r\n');

interface Head {
  status: number;
  /** The body's length when the answer is a 200 with a Content-Length and no transfer coding, otherwise null. */
  plainLength: number | null;
}

function parseHead(text: string): Head {
  const [statusLine, ...lines] = text.split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
  let length: number | null = null;
  let coded = false;
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'content-length' && /^\d+$/.test(value)) length = Number(value);
    if (name === 'transfer-encoding') coded = true;
  }
  return { status, plainLength: status === 200 && !coded ? length : null };
}

/**
 * GETs a plain-HTTP URL into `file`. Rejects with the socket's error (ECONNREFUSED, ECONNRESET,
 * ...), with StorageUnavailableError when the connection ends before the announced size or the
 * signal aborts, and with a file system error when the file cannot be written. The file is
 * incomplete after a rejection; the caller discards it.
 */
export function downloadOverSocket(url: URL, file: string, signal: AbortSignal): Promise<TSocketDownload> {
  if (url.protocol !== 'http:') throw new Error(`downloadOverSocket: plain http only, not ${url.protocol}`);
  return new Promise((resolve, reject) => {
    const buffer = Buffer.allocUnsafe(READ_BUFFER_BYTES);
    let headBytes: Buffer[] = [];
    let expected: number | null = null;
    let written = 0;
    let fd: number | null = null;
    let settled = false;

    const settle = (outcome: { ok: TSocketDownload } | { error: Error }) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      socket.destroy();
      if (fd !== null) closeSync(fd);
      if ('ok' in outcome) resolve(outcome.ok);
      else reject(outcome.error);
    };
    const onAbort = () => settle({ error: new StorageUnavailableError('getObject: body not complete within the call deadline') });

    const writeBody = (bytes: Buffer) => {
      const take = Math.min(bytes.length, expected! - written);
      // Synchronous: the bytes go to the page cache, and the read buffer is free again for the next read.
      if (take > 0) written += writeSync(fd!, bytes, 0, take);
      if (written === expected) settle({ ok: { kind: 'written', bytes: written } });
    };

    const onHead = (received: Buffer) => {
      headBytes.push(Buffer.from(received));
      const seen = Buffer.concat(headBytes);
      const end = seen.indexOf(HEAD_END);
      if (end < 0) {
        if (seen.length > MAX_HEAD_BYTES) settle({ ok: { kind: 'other-answer', status: 0 } });
        return;
      }
      headBytes = [];
      const head = parseHead(seen.subarray(0, end).toString('latin1'));
      if (head.plainLength === null) return settle({ ok: { kind: 'other-answer', status: head.status } });
      expected = head.plainLength;
      fd = openSync(file, 'w');
      writeBody(seen.subarray(end + HEAD_END.length));
    };

    const socket = net.connect({
      host: url.hostname.replace(/^\[|\]$/g, ''),
      port: Number(url.port || 80),
      onread: {
        buffer,
        callback: (size: number) => {
          if (settled) return false;
          try {
            if (expected === null) onHead(buffer.subarray(0, size));
            else writeBody(buffer.subarray(0, size));
          } catch (err) {
            settle({ error: err as Error });
          }
          return !settled;
        },
      },
    });
    socket.on('error', (err) => settle({ error: err }));
    socket.on('close', () => {
      const detail = expected === null ? 'closed the connection before its answer' : `sent ${written} of ${expected} bytes`;
      settle({ error: new StorageUnavailableError(`object store ${detail}`) });
    });
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort);
    socket.write(`GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n\r\n`);
  });
}
