import { BRAND } from '@flohmarkt/contracts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { afterFirstPaint } from '@/app/after-first-paint';
import { App } from '@/app/App';
import { loadFirstRoute } from '@/app/first-route-data';
import { watchOfflineStatus } from '@/features/offline/lib/offline-status';
import { createQueryClient } from '@/lib/query-client';
import { reloadForNewVersion } from '@/app/reload-for-new-version';
import '@/styles/index.css';

// The brand gradient is written once, in the contracts; the stylesheets read it as CSS variables.
document.documentElement.style.setProperty('--brand-from', BRAND.gradientFrom);
document.documentElement.style.setProperty('--brand-to', BRAND.gradientTo);

// Before any lazy import (the first route's included): a page older than the version now live loads itself again.
reloadForNewVersion();

// Before the first render: the worker may say an early answer came from its cache (offline banner).
watchOfflineStatus();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// On an event page the page's code and the event come first (first-route-data.ts), then one render.
const queryClient = createQueryClient();
// When the server sent the page's first paint (the landing or event page's hero, gateway/src/web/*-first-paint.ts),
// it stays on screen until the app's first render is ready, and that render may pause for the browser
// (a transition: taps and scrolling are answered meanwhile) instead of holding the main thread.
const painted = container.childElementCount > 0;
// With a first paint, the app starts once the browser has shown it (after-first-paint.ts).
void (painted ? afterFirstPaint() : Promise.resolve())
  .then(() => loadFirstRoute(queryClient, window.location.pathname))
  .then(() => {
    const root = createRoot(container);
    const render = () =>
      root.render(
        <StrictMode>
          <App queryClient={queryClient} />
        </StrictMode>,
      );
    if (painted) startTransition(render);
    else render();
  });

// The offline event page (issue 19): only the build has a worker (`vite` dev serves none). Its code
// comes in a chunk of its own beside the first render: nothing of it paints, and the first paint's
// JavaScript has a budget (docs/adr/0012-offline-event-page.md). It registers after the page's
// load event and sees the resources loaded before it arrived (Resource Timing's buffer).
if (import.meta.env.PROD) void import('@/features/offline/lib/register-service-worker').then((worker) => worker.registerServiceWorker());
