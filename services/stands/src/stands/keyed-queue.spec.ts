import { describe, expect, it } from 'vitest';
import { DomainError, runWithContext } from '@flohmarkt/server-kit';
import { KeyedQueue } from './keyed-queue.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('KeyedQueue', () => {
  it('runs work of one key one after the other, of different keys side by side, and goes on after a failure', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const job =
      (name: string, fail = false) =>
      async () => {
        log.push(`${name} start`);
        await tick();
        log.push(`${name} end`);
        if (fail) throw new Error(name);
        return name;
      };
    const results = await Promise.allSettled([queue.run('a', job('a1', true)), queue.run('a', job('a2')), queue.run('b', job('b1'))]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(log.indexOf('a2 start')).toBeGreaterThan(log.indexOf('a1 end'));
    expect(log.indexOf('b1 start')).toBeLessThan(log.indexOf('a1 end'));
  });
});

describe('KeyedQueue and the request deadline', () => {
  it('gives up work still waiting for its turn when its request passes the deadline, and never runs it', async () => {
    const queue = new KeyedQueue();
    let release!: () => void;
    const stalled = new Promise<void>((resolve) => (release = resolve));
    const ran: string[] = [];
    const first = queue.run('event-1', async () => {
      ran.push('first');
      await stalled;
    });
    const late = await runWithContext({ requestId: 'r', caller: null, deadlineAt: Date.now() + 30 }, () =>
      queue.run('event-1', async () => {
        ran.push('second');
      }),
    ).catch((e: unknown) => e);
    expect(late).toBeInstanceOf(DomainError);
    expect((late as DomainError).code).toBe('UNAVAILABLE');
    release();
    await first;
    expect(await queue.run('event-1', async () => 'third')).toBe('third');
    expect(ran).toEqual(['first']);
  });

  it('waits for work that has started, also past the deadline', async () => {
    const queue = new KeyedQueue();
    const answer = await runWithContext({ requestId: 'r', caller: null, deadlineAt: Date.now() + 10 }, () =>
      queue.run('event-1', async () => {
        await new Promise((resolve) => setTimeout(resolve, 40));
        return 'applied';
      }),
    );
    expect(answer).toBe('applied');
  });
});
