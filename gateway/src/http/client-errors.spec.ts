import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { API_ERRORS } from '@flohmarkt/contracts';
import { answerClientErrors } from './client-errors.js';

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function serve(): Promise<number> {
  const server = http.createServer((_req, res) => res.end('{}'));
  answerClientErrors(server);
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
});
