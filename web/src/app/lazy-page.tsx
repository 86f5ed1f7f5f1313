import { lazy, type ComponentType, type ReactElement } from 'react';

/**
 * A route element whose page code is loaded when the route is first visited (its own chunk), so
 * the first page stays small. `load` resolves to the page component (a named export is fine):
 * `lazyPage(() => import('@/app/pages/EventPage').then((m) => m.EventPage))`.
 */
export function lazyPage(load: () => Promise<ComponentType>) {
  const Page = lazy(async () => ({ default: await load() }));
  return <Page />;
}

export interface PreloadablePage {
  element: ReactElement;
  /** Starts loading the page's code; once it has resolved, the element renders the page at once. */
  preload(): Promise<void>;
}

/**
 * Like lazyPage, for a page the app may start loading before its first render (first-route-data.ts):
 * once `preload()` has resolved, the element renders the page in the same render instead of
 * suspending once more (React.lazy always does on its first render), so no spinner is painted
 * between the header and the page.
 */
export function preloadablePage(load: () => Promise<ComponentType>): PreloadablePage {
  let Loaded: ComponentType | null = null;
  let loading: Promise<void> | null = null;
  const preload = () =>
    (loading ??= load().then((component) => {
      Loaded = component;
    }));
  const Lazy = lazy(async () => {
    await preload();
    return { default: Loaded as ComponentType };
  });
  function Page() {
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return { element: <Page />, preload };
}
