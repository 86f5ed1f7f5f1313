import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS } from '@flohmarkt/contracts';
import { forwardApi } from './forward.js';
import { startForwardingGateway, type FakeAnswer, type ForwardingGateway } from '../testing/forwarding-gateway.js';

const EVENT = { id: 'e1', name: 'Hofflohmarkt in der Südstadt', description: 'Trödel, Bücher und Kinderkleidung aus vierzig Höfen. '.repeat(40) };
/** Above the size the gateway passes on in one write (forward.ts): it streams such an answer. */
const LARGE_EVENT = { ...EVENT, description: EVENT.description.repeat(50) };

const ANSWERS: Record<string, FakeAnswer> = {
  '/events/e1': { status: 200, body: EVENT, cut: true },
  '/events/e2': { status: 200, body: EVENT },
  '/events/large': { status: 200, body: LARGE_EVENT },
  '/events/large-cut': { status: 200, body: LARGE_EVENT, cut: true },
};

let gateway: ForwardingGateway;
beforeAll(async () => {
  gateway = await startForwardingGateway(
    (app, deps) => app.use('/api', forwardApi(deps)),
    (call) => ANSWERS[call.path] ?? { status: 404, body: { message: 'Der Markt wurde nicht gefunden.', code: 'NOT_FOUND' }, cut: true },
  );
});
afterAll(async () => {
  await gateway?.close();
});

async function get(path: string, headers: Record<string, string>) {
  const res = await fetch(`${gateway.base}/api${path}`, { headers });
  return { status: res.status, body: (await res.json()) as unknown };
}

describe('a service that stops half-way through its answer', () => {
  it.each([
    ['no compression, not from the shared cache', { 'accept-encoding': 'identity', 'cache-control': 'no-cache' }],
    ['compressed for the browser', { 'accept-encoding': 'gzip', 'cache-control': 'no-cache' }],
    ['an anonymous read the gateway would keep', { 'accept-encoding': 'identity' }],
  ])('is answered 503 with the German message, never a cut body that looks whole (%s)', async (_case, headers) => {
    expect(await get('/events/e1', headers)).toEqual({ status: 503, body: { message: API_ERRORS.serviceUnavailable } });
  });

  it('is answered 503 also when what it cut was a refusal', async () => {
    expect(await get('/events/fehlt', { 'cache-control': 'no-cache' })).toEqual({ status: 503, body: { message: API_ERRORS.serviceUnavailable } });
  });

  it('cuts the connection of a large answer it streams, so that it never looks whole', async () => {
    const res = await fetch(`${gateway.base}/api/events/large-cut`, { headers: { 'accept-encoding': 'identity', 'cache-control': 'no-cache' } });
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
  });

  it('leaves whole answers whole, small or large, compressed or not', async () => {
    for (const encoding of ['identity', 'gzip']) {
      const headers = { 'accept-encoding': encoding, 'cache-control': 'no-cache' };
      expect(await get('/events/e2', headers), encoding).toEqual({ status: 200, body: EVENT });
      expect(await get('/events/large', headers), encoding).toEqual({ status: 200, body: LARGE_EVENT });
    }
  });
});
