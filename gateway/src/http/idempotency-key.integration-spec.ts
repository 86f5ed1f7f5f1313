import { API_ERRORS } from '@flohmarkt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forwardApi } from '../routing/forward.js';
import { SIGNED_IN, startForwardingGateway, type ForwardingGateway } from '../testing/forwarding-gateway.js';

const REPLAYED = 'replayed-key';
const REPLAYED_REFUSAL = 'replayed-refusal';
const REFUSAL = 'Die Anmeldefrist für diesen Flohmarkt ist abgelaufen.';

let gateway: ForwardingGateway;
beforeAll(async () => {
  gateway = await startForwardingGateway(
    (app, deps) => app.use('/api', forwardApi(deps)),
    (call) =>
      call.headers['idempotency-key'] === REPLAYED
        ? { status: 201, headers: { 'idempotent-replayed': 'true' }, body: { id: 'first' } }
        : call.headers['idempotency-key'] === REPLAYED_REFUSAL
          ? { status: 409, headers: { 'idempotent-replayed': 'true' }, body: { message: REFUSAL, code: 'CONFLICT' } }
          : { status: 201, body: { id: 'new' } },
  );
});
afterAll(async () => {
  await gateway?.close();
});

function createMarket(key?: string) {
  const headers: Record<string, string> = { ...SIGNED_IN, 'content-type': 'application/json' };
  if (key !== undefined) headers['idempotency-key'] = key;
  return fetch(`${gateway.base}/api/events`, { method: 'POST', headers, body: JSON.stringify({ name: 'Hofflohmarkt' }) });
}

const forwardedCreations = () => gateway.calls.filter((call) => call.method === 'POST' && call.path === '/events');

describe('Idempotency-Key through the gateway', () => {
  it.each([
    ['empty', ''],
    ['201 characters long', 'k'.repeat(201)],
    ['holding a character outside printable ASCII', 'schlüssel-1'],
  ])('refuses a key that is %s with 400 and the German sentence, and forwards nothing', async (_case, key) => {
    const before = forwardedCreations().length;
    const answer = await createMarket(key);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ message: API_ERRORS.invalidIdempotencyKey });
    expect(forwardedCreations().length).toBe(before);
  });

  it('forwards a valid key (200 printable ASCII characters) to the service as idempotency-key', async () => {
    const key = `${'a'.repeat(150)} !"#$%&'()*+,-./:;<=>?@[\\]^_\`{|}~${'z'.repeat(17)}`;
    expect(key).toHaveLength(200);
    const answer = await createMarket(key);
    expect(answer.status).toBe(201);
    expect(forwardedCreations().at(-1)?.headers['idempotency-key']).toBe(key);
  });

  it('forwards no key when the caller sent none', async () => {
    expect((await createMarket()).status).toBe(201);
    expect(forwardedCreations().at(-1)?.headers['idempotency-key']).toBeUndefined();
  });

  it("passes the service's Idempotent-Replayed on to the caller with the first answer", async () => {
    const answer = await createMarket(REPLAYED);
    expect(answer.status).toBe(201);
    expect(answer.headers.get('idempotent-replayed')).toBe('true');
    expect(await answer.json()).toEqual({ id: 'first' });
    expect((await createMarket('another-key')).headers.get('idempotent-replayed')).toBeNull();
  });

  it('says Idempotent-Replayed on a kept refusal too, with its German message', async () => {
    const answer = await createMarket(REPLAYED_REFUSAL);
    expect(answer.status).toBe(409);
    expect(answer.headers.get('idempotent-replayed')).toBe('true');
    expect(await answer.json()).toEqual({ message: REFUSAL });
  });
});
