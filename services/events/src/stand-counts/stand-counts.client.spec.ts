import { Logger } from '@nestjs/common';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS } from '@flohmarkt/contracts';
import { DomainError, ServiceUnavailableError, type ServiceCall } from '@flohmarkt/server-kit';
import { STAND_COUNT_BATCH, StandCounts, type StandsCaller } from './stand-counts.client.js';

type Answer = { status: number; body: unknown } | Error;

/** A stands service that records the event ids it is asked for. */
function stubStands(answer: (eventIds: string[]) => Answer): { client: StandsCaller; asked: string[][]; calls: ServiceCall[] } {
  const asked: string[][] = [];
  const calls: ServiceCall[] = [];
  const client = {
    json: async (call: Omit<ServiceCall, 'body'> & { body?: { eventIds: string[] } }) => {
      asked.push(call.body?.eventIds ?? []);
      calls.push(call as unknown as ServiceCall);
      const a = answer(call.body?.eventIds ?? []);
      if (a instanceof Error) throw a;
      return a;
    },
  } as StandsCaller;
  return { client, asked, calls };
}

const ids = (n: number) => Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);

async function failure(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(err)}`);
  return { status: err.status, message: err.message };
}

describe('approved-stand counts from the stands service', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('asks once for a whole list and answers 0 for events the answer leaves out', async () => {
    const [a, b, c] = ids(3) as [string, string, string];
    const stands = stubStands(() => ({ status: 200, body: { [a]: 2, [c]: 0 } }));
    const counts = await new StandCounts(stands.client, { INTERNAL_CALL_TIMEOUT_MS: 1234 }).of([a, b, c, a]);
    expect(stands.asked).toEqual([[a, b, c]]);
    expect(stands.calls[0]).toMatchObject({ method: 'POST', path: '/internal/stand-counts', timeoutMs: 1234 });
    expect(Object.fromEntries(counts)).toEqual({ [a]: 2, [b]: 0, [c]: 0 });
  });

  it(`splits very long lists in calls of ${STAND_COUNT_BATCH} ids, not one call per event`, async () => {
    const all = ids(STAND_COUNT_BATCH * 2 + 1);
    const stands = stubStands((eventIds) => ({ status: 200, body: Object.fromEntries(eventIds.map((id) => [id, 1])) }));
    const counts = await new StandCounts(stands.client, { INTERNAL_CALL_TIMEOUT_MS: 1000 }).of(all);
    expect(stands.asked).toHaveLength(3);
    expect(Math.max(...stands.asked.map((batch) => JSON.stringify({ eventIds: batch }).length))).toBeLessThan(1024 * 1024);
    expect(counts.size).toBe(all.length);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });

  it.each<[string, Answer]>([
    ['is down', new ServiceUnavailableError('stands', 'connect ECONNREFUSED')],
    ['resets the connection mid-answer', Object.assign(new Error('aborted'), { code: 'ECONNRESET' })],
    ['answers an error', { status: 500, body: { message: 'kaputt', code: 'INTERNAL' } }],
    ['does not know the call', { status: 404, body: { message: 'nicht gefunden', code: 'NOT_FOUND' } }],
    ['answers something else than counts', { status: 200, body: [1, 2] }],
    ['answers a negative count', { status: 200, body: { x: -1 } }],
  ])('answers 503 (never wrong counts) when stands %s', async (_case, answer) => {
    const stands = stubStands(() => answer);
    expect(await failure(new StandCounts(stands.client, { INTERNAL_CALL_TIMEOUT_MS: 1000 }).of(ids(2)))).toEqual({
      status: 503,
      message: API_ERRORS.serviceUnavailable,
    });
  });
});
