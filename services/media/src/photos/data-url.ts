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
  // Line breaks and spaces may wrap base64; anything else outside the alphabet means a broken upload.
  const payload = value.slice(head[0].length).replace(/\s+/g, '');
  if (!payload.length || !/^[A-Za-z0-9+/]+={0,2}$/.test(payload) || payload.length % 4 === 1) return null;
  const bytes = Buffer.from(payload, 'base64');
  return bytes.length ? { declaredType: (head[1] ?? 'text/plain').toLowerCase(), bytes } : null;
}
