import { VitePWA } from 'vite-plugin-pwa';

/**
 * The installable app and its service worker (issue 19, item 6): the web app manifest (linked
 * from the built index.html by the plugin) and src/features/offline/service-worker/sw.ts built to
 * /sw.js with the list of files to precache. The page registers the worker itself
 * (src/features/offline/lib/register-service-worker.ts), so no registration script is injected.
 * Rules of what is kept: docs/adr/0012-offline-event-page.md.
 */
export function offlinePwa() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/features/offline/service-worker',
    filename: 'sw.ts',
    injectRegister: false,
    // Never in `vite` dev: a worker there would keep stale modules between edits.
    devOptions: { enabled: false },
    injectManifest: {
      // The app's page and files (the plugin adds the manifest and its icons); never the build's
      // .br/.gz copies (the gateway picks an encoding per request), nor another entry's page.
      globPatterns: ['index.html', 'assets/**/*.{js,css,svg,png,woff2}'],
      // Larger than any chunk of ours; a file beyond it would silently be left out of the offline page.
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      minify: true,
      sourcemap: false,
    },
    manifest: {
      id: '/',
      name: 'Flohmarkt – Flohmärkte in deiner Nähe',
      short_name: 'Flohmarkt',
      description: 'Finde Flohmärkte in deiner Nähe, merke dir Stände und plane deine Runde – auch ohne Netz, wenn du die Seite schon einmal geöffnet hast.',
      lang: 'de',
      dir: 'ltr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'any',
      theme_color: '#2B4162',
      background_color: '#f5f7fa',
      categories: ['shopping', 'lifestyle'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
  });
}
