import { MANAGE_TOKEN_HEADER } from '@flohmarkt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forwardApi } from '../routing/forward.js';
import { startForwardingGateway, type ForwardingGateway } from '../testing/forwarding-gateway.js';

/*
 * A guest's manage token in X-Manage-Token (issue 35: a guest lists the items of their stand) reaches
 * the stands service only in the token's shape, and its answer is never kept in a shared cache.
 */

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv';
const STAND = '3f6c2a8e-5b1d-4c7a-9e21-7d4b8a0f1c35';

let gateway: ForwardingGateway;
beforeAll(async () => {
  gateway = await startForwardingGateway(
    (app, deps) => app.use('/api', forwardApi(deps)),
    () => ({ status: 201, body: { id: 'item' } }),
  );
});
afterAll(async () => {
  await gateway?.close();
});

function addItem(token?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token !== undefined) headers[MANAGE_TOKEN_HEADER] = token;
  return fetch(`${gateway.base}/api/stands/${STAND}/items`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ title: 'Kinderfahrrad', price: { kind: 'free' }, category: 'Spielzeug' }),
  });
}

const lastForwarded = () => gateway.calls.filter((call) => call.path === `/stands/${STAND}/items`).at(-1);

describe('X-Manage-Token through the gateway', () => {
  it('passes a token of the right shape to the service, and keeps the answer out of shared caches', async () => {
    const answer = await addItem(TOKEN);
    expect(answer.status).toBe(201);
    expect(lastForwarded()?.headers[MANAGE_TOKEN_HEADER.toLowerCase()]).toBe(TOKEN);
    expect(answer.headers.get('cache-control')).toMatch(/no-store|private/);
  });

  it.each([
    ['too short', 'kurz'],
    ['with other characters', 'AbCdEfGhIjKlMnOpQrSt%%'],
  ])('takes no token that is %s: without a session that is 401, and the service is not asked', async (_case, token) => {
    const asked = gateway.calls.length;
    expect((await addItem(token)).status).toBe(401);
    expect(gateway.calls.length).toBe(asked);
  });
});
