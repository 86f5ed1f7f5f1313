import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

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
