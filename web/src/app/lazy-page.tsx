import { lazy, type ComponentType } from 'react';

/**
 * A route element whose page code is loaded when the route is first visited (its own chunk), so
 * the first page stays small. `load` resolves to the page component (a named export is fine):
 * `lazyPage(() => import('@/app/pages/EventPage').then((m) => m.EventPage))`.
 */
export function lazyPage(load: () => Promise<ComponentType>) {
  const Page = lazy(async () => ({ default: await load() }));
  return <Page />;
}
