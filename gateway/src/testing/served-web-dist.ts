import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express, { type RequestHandler } from 'express';
import { webApp, type WebAppOptions } from '../web/web-app.js';
import { serveOnFreePort } from './wire.js';

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

/** What a spec puts around webApp: middleware in front of it (e.g. securityHeaders), and the message of a JSON 404 behind it. */
export interface AroundWebApp {
  before?: RequestHandler[];
  notFound?: string;
}

/**
 * A web build in a temporary folder (`files` by their path in it, e.g. 'index.html'), served by
 * webApp on a free port as the gateway serves it, with a request id as the gateway's middleware sets it.
 */
export async function serveWebDist(
  files: Record<string, string | Buffer>,
  options: Omit<WebAppOptions, 'distDir'>,
  around: AroundWebApp = {},
): Promise<ServedWebDist> {
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
  for (const handler of around.before ?? []) app.use(handler);
  app.use(webApp({ distDir: dir, ...options }));
  if (around.notFound) app.use((_req, res) => res.status(404).json({ message: around.notFound }));
  const { server, base } = await serveOnFreePort(app);
  return {
    base,
    close() {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
