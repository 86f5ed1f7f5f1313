/**
 * Chromium for the browser tests (e2e), the web audit (infra/scripts/audit-web.mjs) and the route
 * benchmark (infra/bench/route-browser.mjs): where it is (CHROMIUM_PATH; else Debian's package, which
 * `.ci/run` installs) and the flags every one of them starts it with.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless on a machine without internet or GPU: no sandbox (root in CI), and no calls home. */
export const CHROMIUM_QUIET_FLAGS = Object.freeze([
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]);
