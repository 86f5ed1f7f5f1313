import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';

/** An app of a spec on a free port of 127.0.0.1, once it listens. */
export async function serveOnFreePort(app: Express): Promise<{ server: http.Server; base: string }> {
  const server = await new Promise<http.Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export interface WireAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** The answer as it travels (fetch would decode it): headers and the bytes on the wire. */
export function onTheWire(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<WireAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}
