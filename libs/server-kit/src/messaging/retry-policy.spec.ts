import { describe, expect, it } from 'vitest';
import { CAPPED_BACKOFF, JOB_RETRY_POLICIES, cappedExponentialBackoff } from './outbox.js';

describe('the capped retry policy of mail', () => {
  const wait = cappedExponentialBackoff(300_000);
  const job = { opts: { backoff: { type: CAPPED_BACKOFF, delay: JOB_RETRY_POLICIES.MailRequested!.backoffMs } } };

  it('doubles from the job’s delay and stops at the cap', () => {
    const waits = [1, 2, 3, 4, 5, 6, 7, 8, 50].map((attempt) => wait(attempt, CAPPED_BACKOFF, undefined, job));
    expect(waits).toEqual([5000, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000, 300_000]);
  });

  it('rides out more than 16 hours of SMTP outage before a mail gives up', () => {
    const { attempts } = JOB_RETRY_POLICIES.MailRequested!;
    let total = 0;
    for (let attempt = 1; attempt < attempts; attempt++) total += wait(attempt, CAPPED_BACKOFF, undefined, job);
    expect(total).toBeGreaterThan(16 * 3600 * 1000);
  });

  it('refuses a backoff type it does not know, rather than guessing a wait', () => {
    expect(() => wait(1, 'something-else', undefined, job)).toThrow(/unknown backoff/);
  });
});
