import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_ERRORS, PUBLIC_CALLS, callKey, publicCall } from '@flohmarkt/contracts';
import { ROUTES } from '../routing/routes.js';
import { buildOpenApiDocument, documentationGaps } from './build-document.js';
import { docOf } from './route-doc.js';
import { CALL_DOCS } from './route-docs.js';

const document = buildOpenApiDocument({ cookieName: 'flohmarkt.sid' });
type Json = Record<string, unknown>;
const operationOf = (path: string, method: string) => document.paths[path]?.[method] as Json;

/** Every value under `node` with the key `$ref`. */
function refsIn(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((item) => refsIn(item, found));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push(value);
      else refsIn(value, found);
    }
  }
  return found;
}

function resolvePointer(pointer: string): unknown {
  return pointer
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, part) => (node as Json | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], document);
}

describe('the prose against the declared calls', () => {
  it('has exactly one entry for every declared call, and the gateway routes exactly the calls a service answers', () => {
    expect(CALL_DOCS.map(({ call }) => callKey(call)).sort()).toEqual(PUBLIC_CALLS.map(callKey).sort());
    expect(ROUTES.map(callKey).sort()).toEqual(
      PUBLIC_CALLS.filter((call) => call.service !== 'gateway')
        .map(callKey)
        .sort(),
    );
  });

  it('describes every parameter of every route, and names a route without an entry while still documenting its path', () => {
    expect(documentationGaps()).toEqual([]);
    const stray = publicCall({
      method: 'GET',
      path: '/flohmarkt-raten/:id',
      service: 'events',
      summary: 'Flohmarkt raten',
      answers: [{ status: 200, description: 'Geraten.' }],
    });
    expect(documentationGaps({ calls: [stray] })).toEqual([
      'GET /flohmarkt-raten/:id: no documentation entry',
      'GET /flohmarkt-raten/:id: path parameter "id" has no description',
    ]);
    const bare = buildOpenApiDocument({ cookieName: 'flohmarkt.sid', calls: [stray] });
    expect(bare.paths['/flohmarkt-raten/{id}']?.get).toMatchObject({ summary: 'Flohmarkt raten' });
  });

  it('names a query field the entry has no text for', () => {
    const search = publicCall({
      method: 'GET',
      path: '/geocode',
      service: 'events',
      summary: 'Adresse suchen',
      query: z.object({ q: z.string(), umkreis: z.string() }),
      answers: [{ status: 200, description: 'Die Treffer.' }],
    });
    const prose = [docOf(search, { query: { descriptions: { q: 'Suchtext.' } } })];
    expect(documentationGaps({ calls: [search], prose })).toEqual(['GET /geocode: query parameter "umkreis" has no description']);
  });

  it('lists every declared call under its path and method', () => {
    const declaredPaths = new Map(CALL_DOCS.map(({ call, doc }) => [callKey(call), doc.path]));
    for (const call of PUBLIC_CALLS) {
      const path = declaredPaths.get(callKey(call)) ?? call.path.replace(/:([A-Za-z]+)/g, '{$1}');
      expect(operationOf(path, call.method.toLowerCase()), callKey(call)).toBeDefined();
    }
  });
});

describe('the OpenAPI document', () => {
  it("is OpenAPI 3.1 with the session cookie and a guest's manage token as security schemes", () => {
    expect(document.openapi).toBe('3.1.0');
    expect((document.components as Json).securitySchemes).toEqual({
      session: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'flohmarkt.sid' }),
      manageToken: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-Manage-Token' }),
    });
    expect(operationOf('/stands/{id}/photos', 'post').security).toEqual([{ session: [] }, { manageToken: [] }]);
    expect(buildOpenApiDocument({ cookieName: '__Host-flohmarkt.sid' }).components).toMatchObject({
      securitySchemes: { session: { name: '__Host-flohmarkt.sid' } },
    });
  });

  it('resolves every $ref inside the document', () => {
    const refs = refsIn(document);
    expect(refs.length).toBeGreaterThan(50);
    for (const ref of new Set(refs)) expect(resolvePointer(ref), ref).toBeDefined();
  });

  it('writes components as OpenAPI schema objects, without the keys of a standalone JSON Schema', () => {
    for (const [name, schema] of Object.entries((document.components as { schemas: Record<string, Json> }).schemas)) {
      expect(schema.$schema, name).toBeUndefined();
      expect(schema.$id, name).toBeUndefined();
    }
  });

  it('gives every operation a declared tag and a unique operationId', () => {
    const tags = new Set((document.tags as { name: string }[]).map((t) => t.name));
    const ids = Object.values(document.paths)
      .flatMap((ops) => Object.values(ops))
      .map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const op of Object.values(document.paths).flatMap((ops) => Object.values(ops))) expect(tags.has((op.tags as string[])[0] as string)).toBe(true);
  });

  it('documents path and query parameters, the body schema and the answers of a call', () => {
    const list = operationOf('/events', 'get');
    const names = (list.parameters as { name: string; in: string }[]).map((p) => `${p.in}:${p.name}`);
    expect(names).toEqual(expect.arrayContaining(['query:lat', 'query:lng', 'query:radiusKm', 'query:bbox', 'query:limit', 'query:offset']));
    expect(list.responses).toMatchObject({
      200: { headers: { 'X-Total-Count': expect.anything() }, content: { 'application/json': { schema: { type: 'array' } } } },
    });

    const register = operationOf('/events/{id}/guest-stands', 'post');
    expect(register.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }),
    ]);
    expect(register.requestBody).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/GuestStandCreate' } } } });
    expect(Object.keys(register.responses as Json)).toEqual(['201', '400', '403', '404', '409', '413', '422', '429', '503']);
    expect(register.security).toEqual([{}, { session: [] }]);
  });

  it('documents Idempotency-Key on the creating writes and decisions: the header, Idempotent-Replayed, 409 and 422', () => {
    const keyed = Object.entries(document.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => ((op.parameters as { name: string }[] | undefined) ?? []).some((p) => p.name === 'Idempotency-Key'))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(keyed.sort()).toEqual(
      [
        'POST /events',
        'POST /events/{id}/copy',
        'POST /stands',
        'POST /stands/{id}/items',
        'POST /items/{id}/holds',
        'POST /events/{id}/guest-stands',
        'POST /events/{id}/walk-up-stands',
        'POST /stands/{id}/photos',
        'POST /items/{id}/photo',
        'PATCH /stands/{id}/approve-draft',
        'PATCH /stands/{id}/reject',
        'POST /me/alerts',
        'POST /events/{id}/team-invites',
        'POST /events/{id}/confirmations/remind',
      ].sort(),
    );
    const approve = operationOf('/stands/{id}/approve-draft', 'patch').responses as Record<string, Json>;
    expect(approve['200']).toMatchObject({ headers: { 'Idempotent-Replayed': expect.anything() } });
    const example = (status: string) => JSON.stringify(approve[status]);
    expect(example('422')).toContain(API_ERRORS.idempotencyKeyReused);
    expect(example('409')).toContain(API_ERRORS.idempotentRequestPending);
    expect(example('400')).toContain(API_ERRORS.invalidIdempotencyKey);
  });

  it("states the gateway's body limits, the larger one for photo uploads", () => {
    const limited = buildOpenApiDocument({ cookieName: 'flohmarkt.sid', bodyLimits: { json: 512 * 1024, upload: 20 * 1024 * 1024 } });
    const limitOf = (path: string) => ((limited.paths[path]?.post as Json).requestBody as Json).description;
    expect(limitOf('/events')).toContain('höchstens 512 KiB');
    expect(limitOf('/stands/{id}/photos')).toContain('höchstens 20 MiB');
    expect((operationOf('/stands', 'post').requestBody as Json).description as string).toMatch(/höchstens 1 MiB\. Pflicht sind auch: `latitude`, `longitude`/);
  });

  it('answers each error status with { message } and the German sentences of the contracts', () => {
    const create = operationOf('/stands', 'post');
    const responses = create.responses as Record<string, { content: { 'application/json': { schema: Json; examples: Record<string, { value: Json }> } } }>;
    expect(Object.keys(responses)).toEqual(['201', '400', '401', '403', '404', '409', '413', '422', '503']);
    const messages = (status: string) => Object.values(responses[status]?.content['application/json'].examples ?? {}).map((e) => e.value);
    expect(messages('401')).toEqual([{ message: API_ERRORS.unauthenticated }]);
    expect(messages('409')).toEqual([{ message: API_ERRORS.standAlreadyRegistered }, { message: API_ERRORS.idempotentRequestPending }]);
    expect(messages('403')).toEqual(expect.arrayContaining([{ message: API_ERRORS.registrationUnavailable }, { message: API_ERRORS.crossOrigin }]));
    expect(responses['400']?.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    expect(create.security).toEqual([{ session: [] }]);

    const upload = operationOf('/stands/{id}/photos', 'post').responses as typeof responses;
    expect(Object.values(upload['429']?.content['application/json'].examples ?? {})[0]?.value).toEqual({
      message: API_ERRORS.tooManyRequests,
      error: API_ERRORS.tooManyRequests,
    });
  });

  it("documents the photo path with its real parameters rather than the table's wildcard", () => {
    expect(operationOf('/media/stands/{standId}/{file}', 'get').responses).toMatchObject({ 200: { content: { 'image/jpeg': expect.anything() } } });
  });
});

describe('the examples', () => {
  it('are valid for the zod contract they illustrate', () => {
    let checked = 0;
    for (const { call, doc } of CALL_DOCS) {
      const key = callKey(call);
      if (call.body && doc.bodyExample !== undefined) {
        const parsed = call.body.safeParse(doc.bodyExample);
        expect(parsed.success, `${key} body: ${parsed.error?.message}`).toBe(true);
        checked++;
      }
      for (const answer of call.answers) {
        const example = doc.examples?.[answer.status];
        if (example === undefined || !answer.schema) continue;
        const schema: z.ZodType = answer.list ? z.array(answer.schema) : answer.schema;
        const parsed = schema.safeParse(JSON.parse(JSON.stringify(example)));
        expect(parsed.success, `${key} ${answer.status}: ${parsed.error?.message}`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(30);
  });
});
