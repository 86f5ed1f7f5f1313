// @vitest-environment node
import type { Connect, ViteDevServer } from 'vite';
import { describe, expect, it } from 'vitest';
import { embedDevPages } from './embed-dev-pages.ts';

/** The URL the dev server goes on with after the plugin's middleware saw the request. */
function afterMiddleware(url: string, method = 'GET'): string {
  let middleware: Connect.NextHandleFunction | undefined;
  const server = { middlewares: { use: (fn: Connect.NextHandleFunction) => void (middleware = fn) } } as unknown as ViteDevServer;
  const hook = embedDevPages().configureServer as (server: ViteDevServer) => void;
  hook(server);
  const req = { url, method } as Connect.IncomingMessage;
  let passedOn = false;
  middleware!(req, {} as never, () => void (passedOn = true));
  expect(passedOn).toBe(true);
  return req.url ?? '';
}

describe('embedDevPages', () => {
  it('hands the two framed pages to embed.html, keeping the query', () => {
    expect(afterMiddleware('/embed/events/00000001-0000-4000-8000-000000000001')).toBe('/embed.html');
    expect(afterMiddleware('/embed/map?lat=52.5&lng=13.4&radiusKm=10')).toBe('/embed.html?lat=52.5&lng=13.4&radiusKm=10');
  });

  it('leaves every other path to the app', () => {
    for (const url of ['/', '/events/1', '/embed', '/embed/events/1/stands', '/embed/mapx', '/src/embed/main.ts']) expect(afterMiddleware(url)).toBe(url);
    expect(afterMiddleware('/embed/map', 'POST')).toBe('/embed/map');
  });
});
