import http from 'node:http';
import https from 'node:https';
import { INTERNAL_HEADERS } from './request-context.js';
import { UnsafeTargetError, urlOnBase } from './request-target.js';

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

/** The service could not be reached or did not answer in time: the caller gets a 503. */
export class ServiceUnavailableError extends Error {
  constructor(
    readonly service: string,
    reason: string,
  ) {
    super(`${service} unavailable: ${reason}`);
  }
}

const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 256 });

/** Errors that prove the request never reached a process, so another replica may take it. */
const NOT_DELIVERED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * Calls one service over HTTP: the gateway calls the services, and a service calls another
 * service that owns data it needs. Replicas listed in the URL list take turns (round-robin); a replica
 * that refuses the connection is skipped, because the request provably was not handled. A request
 * that reached a replica is never sent again, so no effect is applied twice.
 */
export class ServiceClient {
  private next = 0;

  constructor(
    readonly name: string,
    private readonly urls: string[],
    /** The caller's own credential: the gateway's token, or the service-to-service one. */
    private readonly token: string,
  ) {}

  async call(call: ServiceCall): Promise<ServiceAnswer> {
    let lastError: Error | null = null;
    // This call's own walk over the replicas: concurrent calls move the shared counter, and a call
    // refused by a dead replica must go on to the next one, not back to the dead one.
    const start = this.next++;
    for (let attempt = 0; attempt < this.urls.length; attempt++) {
      const base = this.urls[(start + attempt) % this.urls.length];
      try {
        return await this.send(base, call);
      } catch (err) {
        // A target that would leave the base is refused before sending, on every replica alike.
        if (err instanceof UnsafeTargetError) throw err;
        lastError = err as Error;
        if (!NOT_DELIVERED.has((err as NodeJS.ErrnoException).code ?? '')) break;
      }
    }
    throw new ServiceUnavailableError(this.name, lastError?.message ?? 'no replica');
  }

  /** Convenience for internal JSON reads and writes between gateway and a service. */
  async json<T>(call: Omit<ServiceCall, 'body'> & { body?: unknown }): Promise<{ status: number; body: T }> {
    const payload = call.body === undefined ? null : Buffer.from(JSON.stringify(call.body));
    const answer = await this.call({ ...call, body: payload, headers: { ...call.headers, 'content-type': 'application/json' } });
    const text = await readAll(answer.stream);
    return { status: answer.status, body: (text.length ? JSON.parse(text.toString('utf8')) : null) as T };
  }

  private send(base: string, call: ServiceCall): Promise<ServiceAnswer> {
    // Throws before sending when the path would leave the base (absolute form, `..`, `\`, `%2e`…).
    const url = urlOnBase(base, call.path);
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
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = transport.request(url, { method: call.method, headers, agent: url.protocol === 'https:' ? httpsAgent : httpAgent }, (res) => {
        // The timeout covers the whole answer, not only the headers: a service that stalls
        // mid-body must not hold the caller's request forever.
        res.on('end', () => clearTimeout(timer));
        res.on('close', () => clearTimeout(timer));
        resolve({ status: res.statusCode ?? 502, headers: res.headers, stream: res });
      });
      const timer = setTimeout(() => {
        const err = new Error(`no answer within ${call.timeoutMs} ms`) as NodeJS.ErrnoException;
        err.code = 'ETIMEDOUT';
        req.destroy(err);
      }, call.timeoutMs);
      req.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      req.end(call.body ?? undefined);
    });
  }
}

export async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}
