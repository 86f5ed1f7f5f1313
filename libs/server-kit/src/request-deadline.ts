import { fail } from './errors.js';
import { currentContext } from './request-context.js';
import { settleWithin } from './settle-within.js';

/**
 * Waits for a result another request is making (a single flight), but no longer than this request's
 * own deadline: past it the caller has stopped waiting, so this request answers 503 and frees itself,
 * while the shared work goes on for whoever started it. Outside a request (a job) it simply waits.
 */
export function withinRequestDeadline<T>(shared: Promise<T>): Promise<T> {
  const deadlineAt = currentContext()?.deadlineAt;
  if (deadlineAt === undefined) return shared;
  return settleWithin(shared, deadlineAt - Date.now(), () => {
    const passed = Object.assign(new Error('the request deadline passed while waiting for a shared result'), { code: 'REQUEST_DEADLINE' });
    return Object.assign(fail.unavailable(), { cause: passed });
  });
}
