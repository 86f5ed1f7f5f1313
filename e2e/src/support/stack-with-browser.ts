import type { Browser } from 'playwright-core';
import { launchSharedBrowser } from './chromium.js';
import { startTestStack, type TestStack, type TestStackOptions } from './stack.js';

/**
 * A spec's stack and its one shared Chromium (German UI), started side by side. When one of them
 * fails to start, the other is stopped here: the spec never gets hold of it, so its afterAll could not.
 */
export async function startStackWithBrowser(options: TestStackOptions): Promise<{ stack: TestStack; browser: Browser }> {
  const [started, launched] = await Promise.allSettled([startTestStack(options), launchSharedBrowser({ germanUi: true })]);
  if (started.status === 'fulfilled' && launched.status === 'fulfilled') return { stack: started.value, browser: launched.value };
  if (started.status === 'fulfilled') await started.value.stop().catch(() => undefined);
  if (launched.status === 'fulfilled') await launched.value.close().catch(() => undefined);
  throw started.status === 'rejected' ? started.reason : (launched as PromiseRejectedResult).reason;
}
