import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.js';
import { runWithContext } from './request-context.js';
import { withinRequestDeadline } from './request-deadline.js';

const never = new Promise<string>(() => {});

describe('withinRequestDeadline', () => {
  it('gives up with UNAVAILABLE when the request passes its deadline while the shared work goes on', async () => {
    const failure = await runWithContext({ requestId: 'r', caller: null, deadlineAt: Date.now() + 30 }, () => withinRequestDeadline(never)).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(DomainError);
    expect((failure as DomainError).code).toBe('UNAVAILABLE');
  });

  it('passes the shared result and its failure through within the deadline', async () => {
    const ctx = { requestId: 'r', caller: null, deadlineAt: Date.now() + 5000 };
    expect(await runWithContext(ctx, () => withinRequestDeadline(Promise.resolve('made')))).toBe('made');
    await expect(runWithContext(ctx, () => withinRequestDeadline(Promise.reject(new Error('read failed'))))).rejects.toThrow('read failed');
  });

  it('waits as long as it takes outside a request (a job has no caller waiting)', async () => {
    const slow = new Promise<string>((resolve) => setTimeout(() => resolve('made'), 50));
    expect(await runWithContext({ requestId: 'job', caller: null }, () => withinRequestDeadline(slow))).toBe('made');
  });
});
