import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import express from 'express';
import type { Session } from 'express-session';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_ERRORS, ITEM_MESSAGES } from '@flohmarkt/contracts';
import { JsonLogger } from '@flohmarkt/server-kit';
import { forwardApi } from '../routing/forward.js';
import { createServiceClients } from '../services/services.js';
import type { GatewayRedis } from './redis-deadline.js';
import { gatewayConfig } from '../testing/forwarding-server.js';
import { testRedis } from '../testing/test-redis.js';
import { canonicalTargets } from './canonical-target.js';
import { deferContinue } from './expect-continue.js';
import { PublicReadCache } from './public-read-cache.js';
import { requestContext } from './request-context.js';
import { isUploadRequest } from './upload-slots.js';

/*
 * The gateway's upload path (forwardApi with its checks in front) against one stub for auth (the
 * session's user) and media (the access question and the upload itself), with real Redis for the
 * rate limits and the public read cache. Requests go over raw sockets, so what the gateway sends
 * before the body (a 100 Continue or a final answer) is seen exactly.
 */

const TOKEN = randomBytes(24).toString('hex');
const PREFIX = `flohmarkt-test:uploads-${randomBytes(4).toString('hex')}:`;
const OWNER_STAND = randomUUID();
/** An item of OWNER_STAND (issue 35): the same users may change its photo. */
const OWNER_ITEM = randomUUID();
/** The guest's manage token of OWNER_STAND (issue 35): it opens the stand's items' photos without a session. */
const GUEST_TOKEN = 'Gast_Token-0123456789a';
/** Users the stub knows; each may upload to OWNER_STAND except the stranger. */
const [ANNA, BERT, CARL, DORA, STRANGER] = Array.from({ length: 5 }, () => randomUUID());

let redis: GatewayRedis;
let stub: http.Server;
let stubUrl = '';
/** Upload bodies media received, by user id. */
const received: string[] = [];

beforeAll(async () => {
  redis = testRedis();
  await redis.connect();
  stub = http.createServer((req, res) => {
    const send = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers['x-internal-token'] !== TOKEN) return send(401, { message: API_ERRORS.unauthenticated, code: 'UNAUTHENTICATED' });
    const userId = String(req.headers['x-user-id'] ?? '');
    const user = /^\/internal\/users\/([^/]+)$/.exec(req.url ?? '');
    if (user) return send(200, { id: user[1], email: 'x@example.org', firstName: null, lastName: null, profileImageUrl: null, role: 'participant' });
    const access = /^\/internal\/stands\/([^/]+)\/photo-upload-access$/.exec(req.url ?? '');
    if (access) {
      if (access[1] !== OWNER_STAND) return send(404, { message: API_ERRORS.standNotFound, code: 'NOT_FOUND' });
      const guest = req.headers['x-manage-token'] === GUEST_TOKEN;
      if (!guest && (userId === STRANGER || !userId)) return send(403, { message: API_ERRORS.forbidden, code: 'FORBIDDEN' });
      return send(200, { standId: access[1] });
    }
    const itemAccess = /^\/internal\/items\/([^/]+)\/photo-upload-access$/.exec(req.url ?? '');
    if (itemAccess) {
      if (itemAccess[1] !== OWNER_ITEM) return send(404, { message: ITEM_MESSAGES.itemNotFound, code: 'NOT_FOUND' });
      const guest = req.headers['x-manage-token'] === GUEST_TOKEN;
      if (!guest && (userId === STRANGER || !userId)) return send(403, { message: ITEM_MESSAGES.editForbidden, code: 'FORBIDDEN' });
      return send(200, { itemId: OWNER_ITEM, standId: OWNER_STAND });
    }
    if (req.method === 'POST' && req.url === `/items/${OWNER_ITEM}/photo`) {
      req.resume();
      req.on('end', () => {
        received.push(`item:${userId || `guest ${String(req.headers['x-manage-token'])}`}`);
        send(200, { photo: `/api/media/stands/${OWNER_STAND}/items/${OWNER_ITEM}/${randomUUID()}.jpg` });
      });
      return;
    }
    if (req.method === 'POST' && req.url === `/stands/${OWNER_STAND}/photos`) {
      req.resume();
      req.on('end', () => {
        received.push(userId || `guest ${String(req.headers['x-manage-token'])}`);
        send(200, { photos: [] });
      });
      return;
    }
    send(404, { message: API_ERRORS.notFound, code: 'NOT_FOUND' });
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
});

afterAll(async () => {
  stub.closeAllConnections();
  await new Promise((resolve) => stub.close(resolve));
  const keys = await redis.keys(`${PREFIX}*`);
  if (keys.length) await redis.del(keys);
  await redis.close();
});

/** A gateway with the upload path as main.ts wires it; the session's user comes from a test header. */
async function startGateway(env: Record<string, string>): Promise<{ port: number; close: () => Promise<void> }> {
  const config = gatewayConfig(stubUrl, { GATEWAY_TOKEN: TOKEN, REDIS_PREFIX: PREFIX, ...env });
  const logger = new JsonLogger('gateway-test', 'error');
  const app = express();
  // As behind one proxy: X-Forwarded-For names the client, so one test can be several addresses.
  app.set('trust proxy', 1);
  app.use(requestContext(logger));
  app.use(canonicalTargets());
  app.use((req, _res, next) => {
    const userId = req.header('x-test-user');
    if (userId) req.session = { userId } as unknown as Session;
    next();
  });
  const publicReads = new PublicReadCache(redis, { key: `${PREFIX}public-read-generation` });
  app.use('/api', forwardApi({ config, services: createServiceClients(config), redis, logger, publicReads }));
  const server = http.createServer(app);
  deferContinue(server, isUploadRequest);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

interface RawUpload {
  /** Everything the gateway sent so far. */
  readonly text: () => string;
  /** Resolves once the text matches. */
  until: (pattern: RegExp) => Promise<string>;
  /** Resolves with everything the gateway sent once it closed the connection. */
  closed: Promise<string>;
  socket: net.Socket;
}

const BODY = JSON.stringify({ photoData: 'data:image/png;base64,AAAA', fileName: 'foto.png' });

/** Sends the head of an upload (with `Expect: 100-continue` unless told not to); the body is up to the test. */
function startUpload(
  port: number,
  user: string,
  address: string,
  options: { expectContinue?: boolean; stand?: string; item?: string; manageToken?: string } = {},
): RawUpload {
  const socket = net.connect(port, '127.0.0.1');
  let text = '';
  const waiters: Array<() => void> = [];
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
    waiters.splice(0).forEach((wake) => wake());
  });
  socket.on('error', () => undefined);
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(text)));
  const head = [
    options.item ? `POST /api/items/${options.item}/photo HTTP/1.1` : `POST /api/stands/${options.stand ?? OWNER_STAND}/photos HTTP/1.1`,
    'Host: gateway',
    'Content-Type: application/json',
    `Content-Length: ${BODY.length}`,
    `X-Forwarded-For: ${address}`,
    ...(user ? [`X-Test-User: ${user}`] : []),
    ...(options.manageToken ? [`X-Manage-Token: ${options.manageToken}`] : []),
    ...(options.expectContinue === false ? [] : ['Expect: 100-continue']),
  ];
  socket.write(`${head.join('\r\n')}\r\n\r\n`);
  const until = (pattern: RegExp): Promise<string> =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        if (pattern.test(text)) resolve(text);
        else if (socket.destroyed) reject(new Error(`connection closed with ${JSON.stringify(text)}`));
        else waiters.push(check);
      };
      socket.on('close', check);
      check();
    });
  return { text: () => text, until, closed, socket };
}

describe('photo uploads at the gateway', () => {
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  beforeAll(async () => {
    gateway = await startGateway({ UPLOAD_BODY_TIMEOUT_MS: '10000' });
  });
  afterAll(() => gateway.close());

  it("refuses a stranger's upload with 403 before the body: no 100 Continue, nothing reaches media", async () => {
    const before = received.length;
    const upload = startUpload(gateway.port, STRANGER, '198.51.100.10');
    const answer = await upload.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 403 /);
    expect(answer).not.toContain('100 Continue');
    expect(answer).toContain(JSON.stringify({ message: API_ERRORS.forbidden, error: API_ERRORS.forbidden }));
    expect(received.length).toBe(before);
  });

  it('answers 404 for an unknown stand before the body', async () => {
    const answer = await startUpload(gateway.port, ANNA, '198.51.100.11', { stand: randomUUID() }).closed;
    expect(answer).toMatch(/^HTTP\/1\.1 404 /);
    expect(answer).not.toContain('100 Continue');
    expect(answer).toContain(API_ERRORS.standNotFound);
  });

  it("sends the owner's client 100 Continue, then takes the body and forwards it", async () => {
    const upload = startUpload(gateway.port, ANNA, '198.51.100.12');
    expect(await upload.until(/^HTTP\/1\.1 100 Continue\r\n\r\n/)).not.toMatch(/HTTP\/1\.1 [2-5]\d\d/);
    upload.socket.write(BODY);
    expect(await upload.until(/HTTP\/1\.1 200 /)).toContain('{"photos":[]}');
    upload.socket.destroy();
    expect(received).toContain(ANNA);
  });

  it('gives one client address two upload slots at a time: the third is 429, another address still gets one', async () => {
    const first = startUpload(gateway.port, ANNA, '203.0.113.5');
    const second = startUpload(gateway.port, BERT, '203.0.113.5');
    await Promise.all([first.until(/100 Continue/), second.until(/100 Continue/)]);

    const third = await startUpload(gateway.port, CARL, '203.0.113.5').closed;
    expect(third).toMatch(/^HTTP\/1\.1 429 /);
    expect(third).toMatch(/\r\nRetry-After: \d+\r\n/i);
    expect(third).toContain(JSON.stringify({ message: API_ERRORS.tooManyUploads, error: API_ERRORS.tooManyUploads }));
    expect(third).not.toContain('100 Continue');

    const elsewhere = startUpload(gateway.port, DORA, '192.0.2.77');
    await elsewhere.until(/100 Continue/);
    // Once one of the two is done, the address may upload again.
    first.socket.write(BODY);
    await first.until(/HTTP\/1\.1 200 /);
    const again = startUpload(gateway.port, CARL, '203.0.113.5');
    await again.until(/100 Continue/);
    for (const upload of [first, second, elsewhere, again]) upload.socket.destroy();
  });

  it('groups IPv6 clients by /64 for the slots', async () => {
    const first = startUpload(gateway.port, ANNA, '2001:db8:1:2::a');
    const second = startUpload(gateway.port, BERT, '2001:db8:1:2:ffff::b');
    await Promise.all([first.until(/100 Continue/), second.until(/100 Continue/)]);
    expect(await startUpload(gateway.port, CARL, '2001:db8:1:2:1:2:3:4').closed).toMatch(/^HTTP\/1\.1 429 /);
    const otherNetwork = startUpload(gateway.port, CARL, '2001:db8:1:3::1');
    await otherNetwork.until(/100 Continue/);
    for (const upload of [first, second, otherNetwork]) upload.socket.destroy();
  });
});

describe("an item's photo upload at the gateway (issue 35)", () => {
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  beforeAll(async () => {
    gateway = await startGateway({ UPLOAD_BODY_TIMEOUT_MS: '10000' });
  });
  afterAll(() => gateway.close());

  it('refuses a stranger with 403 and an unknown item with 404 before the body: no 100 Continue, nothing reaches media', async () => {
    const before = received.length;
    const stranger = await startUpload(gateway.port, STRANGER, '198.51.100.30', { item: OWNER_ITEM }).closed;
    expect(stranger).toMatch(/^HTTP\/1\.1 403 /);
    expect(stranger).not.toContain('100 Continue');
    expect(stranger).toContain(JSON.stringify({ message: ITEM_MESSAGES.editForbidden, error: ITEM_MESSAGES.editForbidden }));
    const unknown = await startUpload(gateway.port, ANNA, '198.51.100.31', { item: randomUUID() }).closed;
    expect(unknown).toMatch(/^HTTP\/1\.1 404 /);
    expect(unknown).not.toContain('100 Continue');
    expect(unknown).toContain(ITEM_MESSAGES.itemNotFound);
    expect(received.length).toBe(before);
  });

  it("sends the editor's client 100 Continue, then takes the body and forwards it; the address's two slots count it", async () => {
    const first = startUpload(gateway.port, ANNA, '203.0.113.40', { item: OWNER_ITEM });
    const second = startUpload(gateway.port, BERT, '203.0.113.40');
    await Promise.all([first.until(/^HTTP\/1\.1 100 Continue\r\n\r\n/), second.until(/100 Continue/)]);
    expect(await startUpload(gateway.port, CARL, '203.0.113.40', { item: OWNER_ITEM }).closed).toMatch(/^HTTP\/1\.1 429 /);
    first.socket.write(BODY);
    expect(await first.until(/HTTP\/1\.1 200 /)).toMatch(/\{"photo":"\/api\/media\/stands\/[^"]+\/items\/[^"]+\.jpg"\}/);
    expect(received).toContain(`item:${ANNA}`);
    for (const upload of [first, second]) upload.socket.destroy();
  });

  it("takes a guest's upload by the stand's manage token, which goes along to media; a wrong one is 403 before the body", async () => {
    const guest = startUpload(gateway.port, '', '203.0.113.50', { item: OWNER_ITEM, manageToken: GUEST_TOKEN });
    await guest.until(/^HTTP\/1\.1 100 Continue\r\n\r\n/);
    guest.socket.write(BODY);
    expect(await guest.until(/HTTP\/1\.1 200 /)).toMatch(/\{"photo":"\/api\/media\/stands\/[^"]+\/items\/[^"]+\.jpg"\}/);
    expect(received).toContain(`item:guest ${GUEST_TOKEN}`);
    guest.socket.destroy();
    // Someone signed in, not the stand's editor, who holds the guest's link: the token goes along beside the session.
    const signedIn = startUpload(gateway.port, STRANGER, '203.0.113.54', { item: OWNER_ITEM, manageToken: GUEST_TOKEN });
    await signedIn.until(/^HTTP\/1\.1 100 Continue\r\n\r\n/);
    signedIn.socket.destroy();
    const before = received.length;
    const wrong = await startUpload(gateway.port, '', '203.0.113.51', { item: OWNER_ITEM, manageToken: 'Falsch_Token-012345678' }).closed;
    expect(wrong).toMatch(/^HTTP\/1\.1 403 /);
    expect(wrong).not.toContain('100 Continue');
    expect(received.length).toBe(before);
  });

  it('answers 401 before the body to an upload with neither a session nor a token, of an item or a stand', async () => {
    const before = received.length;
    for (const target of [{ item: OWNER_ITEM }, { stand: OWNER_STAND }]) {
      const nobody = await startUpload(gateway.port, '', '203.0.113.52', target).closed;
      expect(nobody).toMatch(/^HTTP\/1\.1 401 /);
      expect(nobody).not.toContain('100 Continue');
      expect(nobody).toContain(API_ERRORS.unauthenticated);
    }
    expect(received.length).toBe(before);
  });

  it("takes a guest's stand photo by the manage token as well, which goes along to media; a wrong one is 403 before the body", async () => {
    const guest = startUpload(gateway.port, '', '203.0.113.53', { manageToken: GUEST_TOKEN });
    await guest.until(/^HTTP\/1\.1 100 Continue\r\n\r\n/);
    guest.socket.write(BODY);
    await guest.until(/HTTP\/1\.1 200 /);
    expect(received).toContain(`guest ${GUEST_TOKEN}`);
    guest.socket.destroy();
    const before = received.length;
    const wrong = await startUpload(gateway.port, '', '203.0.113.55', { manageToken: 'Falsch_Token-012345678' }).closed;
    expect(wrong).toMatch(/^HTTP\/1\.1 403 /);
    expect(wrong).not.toContain('100 Continue');
    expect(received.length).toBe(before);
  });
});

describe('a photo body that does not arrive in time', () => {
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  beforeAll(async () => {
    // One slot in the process and no waiting: the next upload shows whether the slot is free.
    gateway = await startGateway({ UPLOAD_BODY_TIMEOUT_MS: '400', UPLOAD_CONCURRENCY: '1', UPLOAD_QUEUE: '0' });
  });
  afterAll(() => gateway.close());

  it('ends with 408 and a German sentence, closes the connection and frees the slot', async () => {
    const slow = startUpload(gateway.port, ANNA, '198.51.100.20');
    await slow.until(/100 Continue/);
    // A few bytes, then nothing: the body never completes.
    slow.socket.write(BODY.slice(0, 10));
    const answer = await slow.closed;
    expect(answer).toMatch(/HTTP\/1\.1 408 /);
    expect(answer).toContain(JSON.stringify({ message: API_ERRORS.bodyTimeout, error: API_ERRORS.bodyTimeout }));

    const next = startUpload(gateway.port, BERT, '198.51.100.21', { expectContinue: false });
    next.socket.write(BODY);
    expect(await next.until(/HTTP\/1\.1 200 /)).toContain('{"photos":[]}');
    next.socket.destroy();
  });

  it('takes a client gone mid-body for what it is: no error logged (anyone could fill the log), the slot free again', async () => {
    const errors = vi.spyOn(JsonLogger.prototype, 'error');
    try {
      const gone = startUpload(gateway.port, ANNA, '198.51.100.22');
      await gone.until(/100 Continue/);
      gone.socket.write(BODY.slice(0, 10));
      gone.socket.destroy();
      await gone.closed;

      const next = startUpload(gateway.port, BERT, '198.51.100.23', { expectContinue: false });
      next.socket.write(BODY);
      expect(await next.until(/HTTP\/1\.1 200 /)).toContain('{"photos":[]}');
      next.socket.destroy();
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });
});
