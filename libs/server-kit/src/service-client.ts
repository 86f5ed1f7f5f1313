import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import type { Readable } from 'node:stream';
import { DEFAULT_SERVICE_KEEP_ALIVE_MS, callerIdleLimitMs } from './keep-alive.js';
import { INTERNAL_HEADERS } from './request-context.js';
import { mayRetryOnFreshSocket } from './reset-retry.js';
import { UnsafeTargetError, pathOnBase, serviceBase, type ServiceBase } from './request-target.js';

export interface ServiceCall {
  method: string;
  path: string;
  body?: Buffer | null;
  headers?: Record<string, string>;
  requestId: string;
  caller?: { id: string; role: string } | null;
  timeoutMs: number;
}

export interface ServiceAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The response body, not yet read: callers stream it or buffer it. */
  stream: http.IncomingMessage;
}

/** What a log needs about a 503 (never shown to users): the cause, where, which try, and whether it may have been applied. */
interface UnavailableDetails {
  /** The error code of the last attempt (ECONNRESET, ETIMEDOUT, ECONNREFUSED...), when there was one. */
  code?: string;
  /** The service's name and the base URL of the replica that failed last. */
  peer: string;
  /** How many times the call was sent or tried (1 for the first attempt, more after a fresh socket or another replica). */
  attempt: number;
  /** False only when no attempt can have reached a service: then a write was certainly not applied. */
  mayHaveReached: boolean;
}

/** The service could not be reached or did not answer in time: the caller gets a 503. */
export class ServiceUnavailableError extends Error {
  constructor(
    readonly service: string,
    reason: string,
    readonly details: UnavailableDetails,
  ) {
    super(`${service} unavailable: ${reason}`);
  }
}

/** Errors that prove the request never reached a process, so another replica may take it. */
const NOT_DELIVERED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** One failed attempt with what the caller saw of its socket. */
class AttemptFailure extends Error {
  constructor(
    readonly error: NodeJS.ErrnoException,
    readonly reusedSocket: boolean,
    readonly written: boolean,
  ) {
    super(error.message);
  }

  get code(): string | undefined {
    return this.error.code;
  }
}

interface ServiceClientOptions {
  /** The services' SERVICE_KEEP_ALIVE_MS: pooled sockets are dropped after half of it idle. */
  serviceKeepAliveMs?: number;
}

/**
 * Calls one service over HTTP: the gateway calls the services, and a service calls another
 * service that owns data it needs. Replicas listed in the URL list take turns (round-robin); a replica
 * that refuses the connection is skipped, because the request provably was not handled. A request
 * that reached a replica is never sent again, so no effect is applied twice; the exceptions change
 * nothing: a read cut by a reset, or a request whose pooled socket was closed before it was written,
 * goes once more on a fresh connection (reset-retry.ts).
 */
export class ServiceClient {
  private next = 0;
  private readonly httpAgent: http.Agent;
  private readonly httpsAgent: https.Agent;
  /** The replicas' base URLs, each read once rather than once per call. */
  private readonly bases: ServiceBase[];

  constructor(
    readonly name: string,
    urls: string[],
    /** The caller's own credential: the gateway's token, or the service-to-service one. */
    private readonly token: string,
    options: ServiceClientOptions = {},
  ) {
    // `timeout` is what closes a free pooled socket in Node's agent (it destroys a free socket on
    // 'timeout'); it also takes the service's Keep-Alive hint into account when that one is shorter.
    const timeout = callerIdleLimitMs(options.serviceKeepAliveMs ?? DEFAULT_SERVICE_KEEP_ALIVE_MS);
    this.httpAgent = new http.Agent({ keepAlive: true, maxSockets: 256, timeout });
    this.httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 256, timeout });
    this.bases = urls.map(serviceBase);
  }

  async call(call: ServiceCall): Promise<ServiceAnswer> {
    // One deadline for the whole call, fresh-socket retry and replica walk included: the caller's
    // answer stays bounded by timeoutMs.
    const deadline = Date.now() + call.timeoutMs;
    let last: AttemptFailure | null = null;
    let lastBase = this.bases[0]?.href ?? '';
    let attempts = 0;
    let mayHaveReached = false;
    // This call's own walk over the replicas: concurrent calls move the shared counter, and a call
    // refused by a dead replica must go on to the next one, not back to the dead one.
    const start = this.next++;
    for (let replica = 0; replica < this.bases.length; replica++) {
      const base = this.bases[(start + replica) % this.bases.length] as ServiceBase;
      lastBase = base.href;
      let fresh = false;
      for (;;) {
        attempts++;
        try {
          return await this.send(base, call, deadline, fresh);
        } catch (err) {
          // A target that would leave the base is refused before sending, on every replica alike.
          if (err instanceof UnsafeTargetError) throw err;
          last = err as AttemptFailure;
          mayHaveReached ||= last.written;
          const again = !fresh && mayRetryOnFreshSocket({ method: call.method, code: last.code, reusedSocket: last.reusedSocket, written: last.written });
          if (!again) break;
          fresh = true;
        }
      }
      if (!NOT_DELIVERED.has(last?.code ?? '')) break;
    }
    throw new ServiceUnavailableError(this.name, last?.message ?? 'no replica', {
      code: last?.code,
      peer: `${this.name} ${lastBase}`,
      attempt: attempts,
      mayHaveReached,
    });
  }

  /** Convenience for internal JSON reads and writes between gateway and a service. */
  async json<T>(call: Omit<ServiceCall, 'body'> & { body?: unknown }): Promise<{ status: number; body: T }> {
    const payload = call.body === undefined ? null : Buffer.from(JSON.stringify(call.body));
    const answer = await this.call({ ...call, body: payload, headers: { ...call.headers, 'content-type': 'application/json' } });
    const text = await readAll(answer.stream);
    return { status: answer.status, body: (text.length ? JSON.parse(text.toString('utf8')) : null) as T };
  }

  /** One attempt; `fresh` sends it on a new connection that is closed after the answer. */
  private send(base: ServiceBase, call: ServiceCall, deadline: number, fresh: boolean): Promise<ServiceAnswer> {
    // Throws before sending when the path would leave the base (absolute form, `..`, `\`, `%2e`…).
    const path = pathOnBase(base, call.path);
    const headers: Record<string, string> = {
      ...call.headers,
      [INTERNAL_HEADERS.token]: this.token,
      [INTERNAL_HEADERS.requestId]: call.requestId,
    };
    if (call.caller) {
      headers[INTERNAL_HEADERS.userId] = call.caller.id;
      headers[INTERNAL_HEADERS.userRole] = call.caller.role;
    }
    if (call.body) headers['content-length'] = String(call.body.length);
    const secure = base.protocol === 'https:';
    const transport = secure ? https : http;
    const agent = fresh ? false : secure ? this.httpsAgent : this.httpAgent;
    const timeoutMs = Math.max(0, deadline - Date.now());
    return new Promise((resolve, reject) => {
      const target = { protocol: base.protocol, hostname: base.hostname, port: base.port, path, method: call.method, headers, agent };
      const req = transport.request(target, (res) => {
        // The timeout covers the whole answer, not only the headers: a service that stalls
        // mid-body must not hold the caller's request forever.
        res.on('end', () => clearTimeout(timer));
        res.on('close', () => clearTimeout(timer));
        resolve({ status: res.statusCode ?? 502, headers: res.headers, stream: res });
      });
      // Whether this request's bytes reached a connected socket: before that, nothing can have been applied.
      let socket: Socket | null = null;
      let bytesBefore = 0;
      let connected = false;
      req.on('socket', (s: Socket) => {
        socket = s;
        bytesBefore = s.bytesWritten;
        connected = !s.connecting;
        if (s.connecting) s.once('connect', () => (connected = true));
      });
      const timer = setTimeout(() => {
        const err = new Error(`no answer within ${call.timeoutMs} ms`) as NodeJS.ErrnoException;
        err.code = 'ETIMEDOUT';
        req.destroy(err);
      }, timeoutMs);
      req.on('error', (err: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        const written = connected && (socket?.bytesWritten ?? 0) > bytesBefore;
        reject(new AttemptFailure(err, req.reusedSocket, written));
      });
      req.end(call.body ?? undefined);
    });
  }
}

/**
 * A stream's bytes, whole; rejected when it fails or closes before its end (an answer cut off). By its
 * events rather than `for await`, whose iterator costs every forwarded read a few µs more (ADR 0009).
 */
export function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const readable = stream as Readable;
  if (readable.readableEnded) return Promise.resolve(Buffer.alloc(0));
  if (readable.destroyed) return Promise.reject(new Error('the stream was closed before its end'));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let ended = false;
    readable.on('data', (chunk: Buffer | string) => chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)));
    readable.on('error', reject);
    readable.once('end', () => {
      ended = true;
      resolve(Buffer.concat(chunks));
    });
    readable.once('close', () => ended || reject(new Error('the stream was closed before its end')));
  });
}
