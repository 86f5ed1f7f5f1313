import type { IncomingHttpHeaders } from 'node:http';

/** Headers of a service answer that the browser may see. */
// content-disposition: the file name of a download (the printed kit's PDFs, the stand exports).
const PASSED_HEADERS = [
  'content-type',
  'content-length',
  'content-disposition',
  'cache-control',
  'etag',
  'last-modified',
  'location',
  'retry-after',
  'x-total-count',
];

export function passedHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const passed: Record<string, string> = {};
  for (const name of PASSED_HEADERS) if (headers[name]) passed[name] = headers[name] as string;
  return passed;
}
