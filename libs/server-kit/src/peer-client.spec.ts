import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { internalCall } from '@flohmarkt/contracts';
import { DomainError } from './errors.js';
import { PeerClient } from './peer-client.js';
import { runWithContext } from './request-context.js';
import { ServiceClient } from './service-client.js';

const ZThing = z.object({ id: z.string(), count: z.number() });
const getThing = internalCall({
  peer: 'stands',
  method: 'GET',
  path: '/internal/things/:id',
  query: z.object({ ids: z.array(z.string()).optional() }),
  body: null,
  answer: ZThing,
  why: 'test',
});
const postThing = internalCall({ peer: 'stands', method: 'POST', path: '/internal/things', body: z.object({ name: z.string() }), answer: ZThing, why: 'test' });

let server: http.Server;
let url: string;
const seen: Array<{ method?: string; url?: string; user?: string; requestId?: string; body: string }> = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, user: req.headers['x-user-id'] as string, requestId: req.headers['x-request-id'] as string, body });
      const send = (status: number, answer: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      if (req.url?.startsWith('/internal/things/ok')) return send(200, { id: 'ok', count: 3 });
      if (req.url?.startsWith('/internal/things/odd')) return send(200, { id: 'odd' });
      if (req.url?.startsWith('/internal/things/mine')) return send(403, { message: 'Das darfst du nicht.', code: 'FORBIDDEN' });
      if (req.url?.startsWith('/internal/things/broken')) return send(500, { message: 'boom', code: 'INTERNAL' });
      if (req.url === '/internal/things' && req.method === 'POST') return send(200, { id: JSON.parse(body).name, count: 1 });
      return send(404, { message: 'Nicht gefunden.', code: 'NOT_FOUND' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

const peer = () => new PeerClient(new ServiceClient('stands', [url], 'service-token-0123456789'), 2000);

describe('PeerClient', () => {
  it('fills the path, sends the request caller and id, and answers the validated body', async () => {
    const answer = await runWithContext({ requestId: 'r-7', caller: { id: 'u1', role: 'participant' } }, () =>
      peer().call(getThing, { params: { id: 'ok' }, query: { ids: ['a', 'b c'] } }),
    );
    expect(answer).toEqual({ id: 'ok', count: 3 });
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/internal/things/ok?ids=a,b%20c', user: 'u1', requestId: 'r-7' });
  });

  it('validates the body and query it sends against the declaration, and sends no undeclared query', async () => {
    expect(await peer().call(postThing, { body: { name: 'neu' } })).toEqual({ id: 'neu', count: 1 });
    await expect(peer().call(postThing, { body: { name: 3 } as never })).rejects.toThrow();
    await expect(peer().call(getThing, { params: { id: 'ok' }, query: { ids: 'a' } })).rejects.toThrow();
    await expect(peer().call(postThing, { body: { name: 'neu' }, query: { x: '1' } })).rejects.toThrow(/declares no query/);
  });

  it("turns the peer's refusal into the same domain error", async () => {
    const err = await peer()
      .call(getThing, { params: { id: 'mine' } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ code: 'FORBIDDEN', message: 'Das darfst du nicht.', status: 403 });
    expect(
      await peer()
        .call(getThing, { params: { id: 'nope' } })
        .catch((e: DomainError) => e.code),
    ).toBe('NOT_FOUND');
  });

  it('is unavailable (503) when the peer fails, answers off-contract, or is down', async () => {
    // The 503 keeps why, for the service's log (exception-filter.ts).
    for (const [id, cause] of [
      ['broken', 'PEER_ANSWERED_500'],
      ['odd', 'PEER_ANSWER_UNDECLARED'],
    ])
      expect(
        await peer()
          .call(getThing, { params: { id } })
          .catch((e: DomainError & { cause?: { code?: string } }) => [e.code, e.cause?.code]),
      ).toEqual(['UNAVAILABLE', cause]);
    const down = new PeerClient(new ServiceClient('stands', ['http://127.0.0.1:1'], 'service-token-0123456789'), 500);
    expect(await down.call(getThing, { params: { id: 'ok' } }).catch((e: DomainError) => e.code)).toBe('UNAVAILABLE');
  });

  it('encodes a parameter as one segment, and never sends one that would name another route', async () => {
    const before = seen.length;
    for (const id of ['../../metrics', '..'])
      expect(
        await peer()
          .call(getThing, { params: { id } })
          .catch((e: DomainError) => e.code),
      ).toBe('NOT_FOUND');
    expect(seen.length).toBe(before);
    await peer()
      .call(getThing, { params: { id: 'a?b' } })
      .catch(() => undefined);
    expect(seen.at(-1)?.url).toBe('/internal/things/a%3Fb');
  });
});
