import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request that went through the proxy, and what became of it. */
export interface ProxiedRequest {
  id: number;
  method: string;
  path: string;
  /** The replica that took the request (its connection was accepted); null while none has. */
  upstream: number | null;
  /** Replicas that refused the connection before one took it. */
  refused: number[];
  status: number | null;
  outcome: 'pending' | 'answered' | 'failed';
  error?: string;
}

/** Connection-level headers belong to one hop and are not passed on. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer'];

/** The proxy's own answer when a request failed on the replica it was sent to. */
export const PROXY_ERROR_HEADER = 'x-scale-proxy-error';
/** Which replica answered (index into the upstream list), for the test's bookkeeping only. */
export const UPSTREAM_HEADER = 'x-scale-upstream';

/**
 * The load balancer in front of the gateway replicas, as small as a Kubernetes Service: every
 * request goes to the next replica in turn. A replica that refuses the connection is skipped (the
 * request provably never reached it, as an endpoint drops out once its pod is gone); a request that
 * fails after a replica took it is never sent again: the caller gets a 502 (or a cut connection once
 * the answer had begun) and decides. Bodies stream both ways; Host, cookies and every other
 * end-to-end header pass unchanged, so the gateways see the public origin.
 */
export class RoundRobinProxy {
  readonly log: ProxiedRequest[] = [];
  private upstreams: URL[] = [];
  private turn = 0;
  private readonly server = http.createServer((req, res) => this.forward(req, res));
  url = '';

  /** Listens on a free port; the URL (with `localhost`, like a browser's) is the stack's public origin. */
  async listen(): Promise<string> {
    // Idle client connections stay open for the whole test: a server that closes one just as the
    // client reuses it makes a request fail before it ever reached the proxy (not what is measured).
    this.server.keepAliveTimeout = 10 * 60_000;
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => resolve());
    });
    this.url = `http://localhost:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  setUpstreams(urls: string[]): void {
    this.upstreams = urls.map((u) => new URL(u));
  }

  /** The replica the next request is offered to first. */
  get nextUpstream(): number {
    return this.turn % this.upstreams.length;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private forward(req: http.IncomingMessage, res: http.ServerResponse): void {
    const entry: ProxiedRequest = {
      id: this.log.length + 1,
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      upstream: null,
      refused: [],
      status: null,
      outcome: 'pending',
    };
    this.log.push(entry);
    const first = this.turn++;
    req.on('error', () => undefined);
    res.on('close', () => {
      if (entry.outcome === 'pending') entry.outcome = 'failed';
    });

    const fail = (code: string): void => {
      entry.outcome = 'failed';
      entry.error = code;
      req.resume(); // drop the rest of the body: nobody will read it
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.writeHead(502, { 'content-type': 'application/json', connection: 'close', [PROXY_ERROR_HEADER]: code });
      res.end(JSON.stringify({ message: `Proxy: ${code}` }));
    };

    const attempt = (k: number): void => {
      if (k >= this.upstreams.length) return fail('ALL_REFUSED');
      const index = (first + k) % this.upstreams.length;
      const target = this.upstreams[index];
      const headers = { ...req.headers };
      for (const name of HOP_BY_HOP) delete headers[name];
      const upstream = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent: false });
      let taken = false;
      // The body flows only once a replica has accepted the connection, so a refusal leaves it
      // unread for the next replica.
      upstream.on('socket', (socket) =>
        socket.once('connect', () => {
          taken = true;
          entry.upstream = index;
          req.pipe(upstream);
        }),
      );
      upstream.on('response', (answer) => {
        entry.status = answer.statusCode ?? 502;
        const passed: http.OutgoingHttpHeaders = { ...answer.headers, [UPSTREAM_HEADER]: String(index) };
        for (const name of HOP_BY_HOP) delete passed[name];
        res.writeHead(entry.status, passed);
        answer.on('error', () => undefined);
        answer.on('end', () => {
          entry.outcome = 'answered';
        });
        answer.on('close', () => {
          if (!answer.complete) fail('ANSWER_CUT');
        });
        answer.pipe(res);
      });
      upstream.on('error', (err: NodeJS.ErrnoException) => {
        if (!taken && err.code === 'ECONNREFUSED') {
          entry.refused.push(index);
          return attempt(k + 1);
        }
        if (entry.outcome === 'pending') fail(err.code ?? 'UPSTREAM_ERROR');
      });
      res.on('close', () => upstream.destroy());
    };
    attempt(0);
  }
}
