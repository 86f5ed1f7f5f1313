import type { Plugin } from 'vite';

/**
 * The framed pages' paths, as the gateway answers them with embed.html (gateway/src/web/embed-pages.ts; the web
 * app may not import the gateway, so the two patterns are written here again for `vite` dev only).
 */
const EMBED_PAGES = [/^\/embed\/events\/[^/]+\/?$/, /^\/embed\/map\/?$/];

export function isEmbedPagePath(pathname: string): boolean {
  return EMBED_PAGES.some((pattern) => pattern.test(pathname));
}

/** `vite` dev: /embed/events/{id} and /embed/map load embed.html, as behind the gateway (else the app's 404 page). */
export function embedDevPages(): Plugin {
  return {
    name: 'flohmarkt:embed-dev-pages',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const url = new URL(req.url ?? '/', 'http://dev.invalid');
        if ((req.method === 'GET' || req.method === 'HEAD') && isEmbedPagePath(url.pathname)) req.url = `/embed.html${url.search}`;
        next();
      });
    },
  };
}
