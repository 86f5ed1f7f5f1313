import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no scrolling; react-router's ScrollRestoration calls it on every navigation.
window.scrollTo = () => undefined;

// findBy… and waitFor wait up to 5 s (default 1 s): on a loaded CI machine the first render of a page
// with its lazy chunks and mocked fetches takes longer than a second; nothing waits when it is quick.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  // The gateway's sign-in hint (mockAuthUser sets it for a signed-in user) does not leak into the next test.
  document.cookie = 'flohmarkt_session_hint=; path=/; max-age=0';
});
