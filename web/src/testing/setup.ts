import { afterEach } from 'vitest';

// Files that need no DOM run in vitest's node environment (`// @vitest-environment node` at their top): no
// jsdom to build for them, and nothing of Testing Library to load. Everything below is for the jsdom files.
if (typeof document !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');

  // jsdom has no scrolling; react-router's ScrollRestoration calls it on every navigation.
  window.scrollTo = () => undefined;

  // findBy… and waitFor wait up to 10 s (default 1 s): on a loaded CI machine (two cores, the projects'
  // test runs side by side) the first render of a page with its lazy chunks and mocked fetches has taken
  // over 5 s; nothing waits when it is quick, and the test's own limit is 20 s (vite.config.ts).
  configure({ asyncUtilTimeout: 10_000 });

  afterEach(() => {
    cleanup();
    // The gateway's sign-in hint (mockAuthUser sets it for a signed-in user) does not leak into the next test.
    document.cookie = 'flohmarkt_session_hint=; path=/; max-age=0';
  });
}
