import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { closeGracefully } from './graceful-close.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/**
 * A server whose answers take `answerMs`, behind closeGracefully; with `adopted`, its connections come
 * as the launcher's front gives them (accepted elsewhere, handed over with emit('connection')).
 */
async function serve(answerMs: number, { adopted = false, boundMs = 10_000 } = {}) {
  const seen = { received: 0, lastFinishedAt: 0 };
  const server = http.createServer((_req, res) => {
    seen.received++;
    res.on('finish', () => (seen.lastFinishedAt = Date.now()));
    setTimeout(() => res.end('fertig'), answerMs);
  });
  server.keepAliveTimeout = 65_000;
  closeGracefully(server, boundMs);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  let port = (server.address() as AddressInfo).port;
  if (adopted) {
    const front = net.createServer((socket) => server.emit('connection', socket));
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    port = (front.address() as AddressInfo).port;
    cleanups.push(() => front.close());
  }
  const agent = new http.Agent({ keepAlive: true });
  cleanups.push(() => {
    agent.destroy();
    server.closeAllConnections();
  });
  const closed = new Promise<void>((resolve) => server.once('close', () => resolve()));
  const get = () =>
    new Promise<{ status: number; connection?: string; body: string } | { error: string }>((resolve) => {
      http
        .get({ host: '127.0.0.1', port, agent }, (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
        })
        .on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    });
  /** Until the server holds `count` requests: a stop must come while they are in flight, however busy the machine. */
  const holding = async (count: number) => {
    while (seen.received < count) await new Promise((resolve) => setTimeout(resolve, 10));
  };
  return { server, get, closed, holding, seen };
}

describe.each([
  ['accepted by the server itself', false],
  ['handed over by the front', true],
])('a stopping gateway, connections %s', (_label, adopted) => {
  it('answers the requests in flight, closes their connections after the answer, and only then is closed', async () => {
    const { server, get, closed, holding, seen } = await serve(400, { adopted });
    let closedAt = 0;
    void closed.then(() => (closedAt = Date.now()));
    const answers = Promise.all([get(), get()]);
    await holding(2);
    server.close();

    const [first, second] = await answers;
    expect(first).toEqual({ status: 200, connection: 'close', body: 'fertig' });
    expect(second).toEqual({ status: 200, connection: 'close', body: 'fertig' });
    // Closed after the last answer went out, and not a keep-alive time (65 s) later: the test's own limit.
    await closed;
    expect(closedAt).toBeGreaterThanOrEqual(seen.lastFinishedAt);
  });

  it('cuts what is still running after the bound', async () => {
    const { server, get, closed, holding } = await serve(60_000, { adopted, boundMs: 300 });
    const answer = get();
    await holding(1);
    server.close();
    await closed;
    expect(await answer).toEqual({ error: 'ECONNRESET' });
  });
});
