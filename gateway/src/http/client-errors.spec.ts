import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { API_ERRORS } from '@flohmarkt/contracts';
import { answerClientErrors, boundHeaderWait } from './client-errors.js';

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function serve(headerWaitMs?: number): Promise<number> {
  const server = http.createServer((_req, res) => res.end('{}'));
  answerClientErrors(server);
  if (headerWaitMs !== undefined) boundHeaderWait(server, headerWaitMs);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** Sends raw bytes and reads everything until the server closes the connection. */
function exchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(bytes));
    let answer = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve(answer)).on('error', reject);
  });
}

function parsed(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), head, body: JSON.parse(body) as unknown };
}

describe('what the HTTP parser refuses', () => {
  it('answers a request line over 16 KB with 431 and the German message (Node wrote no body)', async () => {
    const answer = parsed(await exchange(await serve(), `GET /api/events?ids=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`));
    expect(answer.status).toBe(431);
    expect(answer.body).toEqual({ message: API_ERRORS.headersTooLarge });
    expect(answer.head).toContain('Content-Type: application/json; charset=utf-8');
  });

  it('answers bytes that are no HTTP with 400 and the German message', async () => {
    const answer = parsed(await exchange(await serve(), 'HELLO\r\n\r\n'));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: API_ERRORS.malformedRequest });
  });

  it('leaves an ordinary request alone', async () => {
    const answer = await exchange(await serve(), 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(answer.startsWith('HTTP/1.1 200 OK')).toBe(true);
  });

  it('answers headers that stall with 408 and the German message within the bound, and keeps an idle keep-alive connection open', async () => {
    const port = await serve(400);
    const started = Date.now();
    const answer = await new Promise<string>((resolve, reject) => {
      // Part of the headers, then nothing: the socket stays open.
      const socket = net.connect(port, '127.0.0.1', () => socket.write('GET /api/events HTTP/1.1\r\nHost: x\r\n'));
      let received = '';
      socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
      socket.on('close', () => resolve(received)).on('error', reject);
    });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(parsed(answer)).toMatchObject({ status: 408, body: { message: API_ERRORS.bodyTimeout } });

    // Idle between two requests for longer than the bound: the connection is still served.
    const answers = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n'));
      let received = '';
      socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
      setTimeout(() => socket.end('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'), 1000);
      socket.on('close', () => resolve(received)).on('error', reject);
    });
    expect(answers.match(/HTTP\/1\.1 200/g)).toHaveLength(2);
  });
});
