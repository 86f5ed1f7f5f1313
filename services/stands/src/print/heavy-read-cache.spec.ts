import { describe, expect, it } from 'vitest';
import { DomainError, runWithContext } from '@flohmarkt/server-kit';
import { HeavyReadCache, type MadeFile } from './heavy-read-cache.js';

const file = (text: string): MadeFile => ({ file: { body: Buffer.from(text), headers: { 'Content-Type': 'text/plain' } }, keep: true });
const inRequest = <T>(deadlineMs: number, fn: () => Promise<T>) => runWithContext({ requestId: 'r', caller: null, deadlineAt: Date.now() + deadlineMs }, fn);

describe('HeavyReadCache single flight', () => {
  it('lets a caller waiting for another one’s answer give up at its own deadline, and keeps the answer for the next caller', async () => {
    const cache = new HeavyReadCache({ HEAVY_READ_CACHE_MB: 1 });
    let finish!: (made: MadeFile) => void;
    const making = new Promise<MadeFile>((resolve) => (finish = resolve));
    let makes = 0;
    const make = () => {
      makes++;
      return making;
    };
    const leader = inRequest(5000, () => cache.get('poster', 'e1', make));
    const waiter = await inRequest(30, () => cache.get('poster', 'e1', make)).catch((e: unknown) => e);
    expect(waiter).toBeInstanceOf(DomainError);
    expect((waiter as DomainError).code).toBe('UNAVAILABLE');
    finish(file('Plakat'));
    expect((await leader).outcome).toBe('miss');
    const next = await inRequest(30, () => cache.get('poster', 'e1', make));
    expect({ outcome: next.outcome, body: next.file.body.toString() }).toEqual({ outcome: 'hit', body: 'Plakat' });
    expect(makes).toBe(1);
  });
});
