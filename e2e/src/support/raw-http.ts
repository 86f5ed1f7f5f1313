import net from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends one request line exactly as written, over a plain socket: fetch and every HTTP client
 * library normalise the target (resolve `..`, turn `\` into `/`), which is precisely what an attacker
 * does not do. The answer is read until the server closes the connection.
 */
export function rawRequest(
  port: number,
  method: string,
  target: string,
  options: { body?: string; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  const body = options.body ?? '';
  const headers = {
    host: `localhost:${port}`,
    connection: 'close',
    ...(body ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {}),
    ...options.headers,
  };
  const head = [`${method} ${target} HTTP/1.1`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(10000, () => socket.destroy(new Error(`no answer to ${method} ${target}`)));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      try {
        resolve(parseAnswer(Buffer.concat(chunks).toString('latin1')));
      } catch (err) {
        reject(err as Error);
      }
    });
    // Written, not ended: a server may drop a half-closed connection before it answers.
    socket.write(`${head}\r\n\r\n${body}`, 'latin1');
  });
}

function parseAnswer(raw: string): RawAnswer {
  const split = raw.indexOf('\r\n\r\n');
  const [statusLine, ...lines] = (split === -1 ? raw : raw.slice(0, split)).split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '')?.[1]);
  if (!status) throw new Error(`not an HTTP answer: ${JSON.stringify(raw.slice(0, 120))}`);
  const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).trim().toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  let body = split === -1 ? '' : raw.slice(split + 4);
  if (headers['transfer-encoding'] === 'chunked') body = unchunk(body);
  return { status, headers, body: Buffer.from(body, 'latin1').toString('utf8') };
}

function unchunk(raw: string): string {
  let out = '';
  let rest = raw;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, lineEnd), 16);
    if (!size) return out;
    out += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}

/** A port that records every connection made to it: proof that nothing was ever sent there. */
export async function canary(): Promise<{ port: number; hits: string[]; close(): Promise<void> }> {
  const hits: string[] = [];
  const server = net.createServer((socket) => {
    socket.once('data', (d) => hits.push(d.toString('latin1').split('\r\n')[0] ?? ''));
    hits.push('connection');
    socket.end('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 17\r\n\r\n{"canary":"read"}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as net.AddressInfo).port,
    hits,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
