import http from 'node:http';
import { HttpSession } from './browser-session.js';
import { PROXY_ERROR_HEADER, UPSTREAM_HEADER } from './scale-proxy.js';

export interface ScaleAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  /** The gateway replica that answered (index), null when the proxy answered itself. */
  upstream: number | null;
}

/** A request the script sent again, and why the first try failed. */
export interface Retry {
  method: string;
  path: string;
  reason: string;
}

/** What the scripted session sent: every HTTP request (sign-in hops included) and every retry. */
export class Ledger {
  sent = 0;
  readonly retries: Retry[] = [];
  /** Requests that failed before an answer began (connection refused, reset, cut). */
  readonly connectionErrors: string[] = [];
}

/**
 * A browser of the scripted session that counts every request it sends (so the test can compare
 * with what the replicas counted), and retries a request only when it failed on the way to a
 * gateway: the proxy's 502, a 503, or a connection error. Anything else (4xx, 500) is the answer.
 */
export class ScaleSession extends HttpSession {
  constructor(
    origin: string,
    private readonly ledger: Ledger,
  ) {
    super(origin);
  }

  override async fetch(url: string, init?: RequestInit): Promise<Response> {
    this.ledger.sent++;
    try {
      return await super.fetch(url, init);
    } catch (err) {
      const cause = (err as Error & { cause?: { code?: string; message?: string } }).cause;
      this.ledger.connectionErrors.push(`${init?.method ?? 'GET'} ${url}: ${cause?.code ?? cause?.message ?? (err as Error).message}`);
      throw err;
    }
  }

  async call(method: string, path: string, body?: unknown, attempts = 4): Promise<ScaleAnswer> {
    for (let attempt = 1; ; attempt++) {
      let reason: string;
      try {
        const res = await this.fetch(path, {
          method,
          headers: body === undefined ? {} : { 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await res.text();
        const upstream = res.headers.get(UPSTREAM_HEADER);
        const answer = { status: res.status, body: text ? JSON.parse(text) : null, upstream: upstream === null ? null : Number(upstream) };
        if (!(res.status === 502 && res.headers.has(PROXY_ERROR_HEADER)) && res.status !== 503) return answer;
        reason = `${res.status} ${res.headers.get(PROXY_ERROR_HEADER) ?? text}`;
      } catch (err) {
        reason = `connection: ${(err as Error).message}`;
      }
      if (attempt >= attempts) throw new Error(`${method} ${path} failed ${attempts} times (last: ${reason})`);
      this.ledger.retries.push({ method, path, reason });
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /**
   * Sends a JSON body in two parts and calls `between` after the first one has gone out, so the
   * request is in flight on a gateway while the test does something to it. Answers the status, or
   * the connection error as a string. Counted as one request (no retry here: the caller retries).
   */
  async sendInTwoParts(method: string, path: string, body: unknown, between: () => Promise<void>): Promise<number | string> {
    this.ledger.sent++;
    const payload = Buffer.from(JSON.stringify(body));
    const target = new URL(path, this.origin);
    return new Promise((resolve) => {
      const req = http.request(target, {
        method,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': String(payload.length), cookie: this.cookieHeader() },
      });
      let settled = false;
      const settle = (value: number | string) => {
        if (settled) return;
        settled = true;
        req.destroy();
        resolve(value);
      };
      req.on('response', (res) => {
        res.resume();
        settle(res.statusCode ?? 0);
      });
      req.on('error', (err: NodeJS.ErrnoException) => {
        this.ledger.connectionErrors.push(`${method} ${path}: ${err.code ?? err.message}`);
        settle(`connection: ${err.code ?? err.message}`);
      });
      const half = Math.floor(payload.length / 2);
      req.write(payload.subarray(0, half), () => {
        void between().then(
          () => {
            // The rest of the body, for a gateway that is still there (nobody reads it otherwise).
            if (!settled) req.end(payload.subarray(half));
          },
          (err: Error) => settle(`test: ${err.message}`),
        );
      });
    });
  }
}
