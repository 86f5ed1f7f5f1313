import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { webApp, type WebAppOptions } from '../web/web-app.js';

/** index.html as the build writes it, in short: the logo as the page's icon, the entry's stylesheet, an empty #root. */
export const BUILT_INDEX =
  '<html><head><link rel="icon" type="image/svg+xml" href="/assets/logo-1.svg" /><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head>' +
  '<body><div id="root"></div></body></html>';

export interface ServedWebDist {
  /** http://127.0.0.1:<port> */
  base: string;
  /** Stops the server and removes the folder. */
  close(): void;
}

/**
 * A web build in a temporary folder (`files` by their path in it, e.g. 'index.html'), served by
 * webApp on a free port as the gateway serves it, with a request id as the gateway's middleware sets it.
 */
export async function serveWebDist(files: Record<string, string>, options: Omit<WebAppOptions, 'distDir'>): Promise<ServedWebDist> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  const app = express();
  app.use((req, _res, next) => {
    req.requestId = 'test';
    next();
  });
  app.use(webApp({ distDir: dir, ...options }));
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close() {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
