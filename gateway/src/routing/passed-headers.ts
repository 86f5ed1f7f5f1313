import type { IncomingHttpHeaders } from 'node:http';
import { IDEMPOTENCY_HEADERS } from '@flohmarkt/contracts';
import { IDEMPOTENT_REPLAYED_HEADER } from '../http/idempotency-key.js';

/** Headers of a service answer that the browser may see, by the name the service sends and the name the browser gets. */
// content-disposition: the file name of a download (the printed kit's PDFs, the stand exports).
// idempotent-replayed: the answer is the one kept for the request's Idempotency-Key, nothing was applied again.
const PASSED_HEADERS: Record<string, string> = {
  'content-type': 'content-type',
  'content-length': 'content-length',
  'content-disposition': 'content-disposition',
  'cache-control': 'cache-control',
  etag: 'etag',
  'last-modified': 'last-modified',
  location: 'location',
  'retry-after': 'retry-after',
  'x-total-count': 'x-total-count',
  [IDEMPOTENT_REPLAYED_HEADER]: IDEMPOTENCY_HEADERS.replayed,
};

export function passedHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const passed: Record<string, string> = {};
  for (const [name, passedAs] of Object.entries(PASSED_HEADERS)) if (headers[name]) passed[passedAs] = headers[name] as string;
  return passed;
}
