import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getEvent } from '../src/features/events/api/get-event';
import { getEventStands } from '../src/features/stands/api/get-event-stands';
import { ROUTE_HINTS, routeHintsOf, type BuiltChunk } from './route-hints';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function chunk(fileName: string, imports: string[], extra: Partial<BuiltChunk> = {}): BuiltChunk {
  return { type: 'chunk', fileName, isEntry: false, facadeModuleId: null, imports, ...extra };
}

describe('routeHintsOf', () => {
  // The entry and what it imports (index.html loads them), and the event page with one chunk of its
  // own, one it shares with the entry, and its stylesheet.
  const bundle = {
    'assets/index-1.js': chunk('assets/index-1.js', ['assets/api-client-1.js'], {
      isEntry: true,
      facadeModuleId: path.join(ROOT, 'index.html'),
      viteMetadata: { importedCss: new Set(['assets/index-1.css']) },
    }),
    'assets/api-client-1.js': chunk('assets/api-client-1.js', []),
    // Another page's entry (embed.html): not loaded by the app's pages.
    'assets/embed-1.js': chunk('assets/embed-1.js', ['assets/api-client-1.js'], { isEntry: true, facadeModuleId: path.join(ROOT, 'embed.html') }),
    'assets/EventPage-1.js': chunk('assets/EventPage-1.js', ['assets/api-client-1.js', 'assets/StandCard-1.js'], {
      facadeModuleId: path.join(ROOT, 'src/app/pages/EventPage.tsx'),
      viteMetadata: { importedCss: new Set(['assets/EventPage-1.css']) },
    }),
    'assets/StandCard-1.js': chunk('assets/StandCard-1.js', [], { viteMetadata: { importedCss: new Set(['assets/StandCard-1.css']) } }),
    'assets/EventPage-1.css': { type: 'asset' as const, fileName: 'assets/EventPage-1.css' },
  };

  it("lists the styles (the entry's as index.html links it), the page's data, then the entry's and the page's chunks (each once)", () => {
    const { routes } = routeHintsOf(bundle, ROOT);
    expect(routes).toEqual([
      {
        path: '/events/:id',
        links: [
          '</assets/index-1.css>; rel=preload; as=style; crossorigin',
          '</assets/EventPage-1.css>; rel=preload; as=style',
          '</assets/StandCard-1.css>; rel=preload; as=style',
          '</api/events/:id>; rel=preload; as=fetch; crossorigin=use-credentials',
          '</api/events/:id/stands>; rel=preload; as=fetch; crossorigin=use-credentials',
          '</assets/index-1.js>; rel=modulepreload',
          '</assets/api-client-1.js>; rel=modulepreload',
          '</assets/EventPage-1.js>; rel=modulepreload',
          '</assets/StandCard-1.js>; rel=modulepreload',
        ],
      },
    ]);
  });

  it('fails the build when a page named in the hints is not a chunk of its own', () => {
    const { 'assets/EventPage-1.js': _gone, ...withoutPage } = bundle;
    expect(() => routeHintsOf(withoutPage, ROOT)).toThrow(/src\/app\/pages\/EventPage.tsx/);
  });
});

describe('ROUTE_HINTS', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The URL a fetcher requests: a preload the app does not request the same way is fetched twice. */
  async function requestedUrl(call: () => Promise<unknown>): Promise<string> {
    const fetchSpy = vi.fn(async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchSpy);
    await call();
    const [url, init] = fetchSpy.mock.calls[0] as unknown as [string, RequestInit];
    // `crossorigin=use-credentials` in the hint stands for exactly this mode.
    expect(init.credentials).toBe('include');
    return url;
  }

  it("names the event page's data as its queries request it", async () => {
    const id = '3f2b6c1e-8d4a-4e7b-9c0f-1a2b3c4d5e6f';
    const hint = ROUTE_HINTS.find((h) => h.path === '/events/:id');
    const requested = [await requestedUrl(() => getEvent(id)), await requestedUrl(() => getEventStands(id))];
    expect(hint?.data.map((url) => url.replace(':id', id))).toEqual(requested);
  });
});
