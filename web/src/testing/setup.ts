import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no scrolling; react-router's ScrollRestoration calls it on every navigation.
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
});
