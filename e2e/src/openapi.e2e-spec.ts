import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, PUBLIC_CALLS } from '@flohmarkt/contracts';
import { launchBrowser, type LaunchedBrowser } from './support/chromium.js';
import { startTestStack, type TestStack } from './support/stack.js';

/*
 * The API documentation of the running product: /api/openapi.json is a structurally sound OpenAPI
 * 3.1 document naming every route of the gateway's table, and /api/docs renders in Chromium under
 * the product's Content-Security-Policy without a console error.
 */

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

type Json = Record<string, unknown>;
interface Operation {
  operationId?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; schema?: Json }[];
  requestBody?: { content: Record<string, { schema?: Json }> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: Json; examples?: Record<string, { value: Json }> }> }>;
  security?: Json[];
}

let stack: TestStack;
let document: Json & { paths: Record<string, Record<string, Operation>> };
let jsonHeaders: Headers;

/** Every public call as declared once (libs/contracts/src/public-api/), the gateway's own included. */
function tableRoutes(): { method: string; path: string }[] {
  return PUBLIC_CALLS.map((call) => ({ method: call.method, path: call.path }));
}

function operations(): { path: string; method: string; op: Operation }[] {
  return Object.entries(document.paths).flatMap(([p, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({ path: p, method, op: item[method] as Operation })),
  );
}

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

function resolve(pointer: string): unknown {
  if (!pointer.startsWith('#/')) return undefined;
  return pointer
    .slice(2)
    .split('/')
    .reduce<unknown>((node, part) => (node as Json | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], document);
}

beforeAll(async () => {
  stack = await startTestStack();
  const res = await fetch(`${stack.publicUrl}/api/openapi.json`);
  expect(res.status).toBe(200);
  jsonHeaders = res.headers;
  document = await res.json();
});
afterAll(async () => {
  await stack?.stop();
});

describe('/api/openapi.json', () => {
  it('is cacheable JSON', () => {
    expect(jsonHeaders.get('content-type')).toBe('application/json; charset=utf-8');
    expect(jsonHeaders.get('cache-control')).toMatch(/public, max-age=\d+/);
    expect(jsonHeaders.get('etag')).toBeTruthy();
  });

  it('has the structure of an OpenAPI 3.1 document', () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info).toEqual(expect.objectContaining({ title: expect.any(String), version: expect.any(String) }));
    const tags = new Set((document.tags as { name: string }[]).map((t) => t.name));
    const ids: string[] = [];
    for (const { path: p, method, op } of operations()) {
      const where = `${method.toUpperCase()} ${p}`;
      expect(p.startsWith('/'), where).toBe(true);
      expect(Object.keys(op.responses).length, where).toBeGreaterThan(0);
      for (const [status, response] of Object.entries(op.responses)) {
        expect(status, where).toMatch(/^([1-5]\d\d|[1-5]XX|default)$/);
        expect(typeof response.description, `${where} ${status}`).toBe('string');
      }
      // Every {name} of the path is a required path parameter, and no path parameter is left over.
      const templated = [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      const declared = (op.parameters ?? []).filter((x) => x.in === 'path');
      expect(declared.map((x) => x.name).sort(), where).toEqual(templated);
      expect(
        declared.every((x) => x.required === true),
        where,
      ).toBe(true);
      for (const tag of op.tags ?? []) expect(tags.has(tag), `${where} tag ${tag}`).toBe(true);
      for (const requirement of op.security ?? [])
        for (const scheme of Object.keys(requirement)) expect(resolve(`#/components/securitySchemes/${scheme}`), where).toBeDefined();
      if (op.operationId) ids.push(op.operationId);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('resolves every $ref', () => {
    const refs = [...new Set(refsIn(document))];
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of refs) expect(resolve(ref), ref).toBeDefined();
  });

  it('lists every declared public call', () => {
    const routes = tableRoutes();
    expect(routes.length).toBeGreaterThan(30);
    const documented = new Set(operations().map(({ path: p, method }) => `${method.toUpperCase()} ${p.replace(/\{[^}]+\}/g, '{}')}`));
    for (const route of routes) {
      // A wildcard route is documented by the shape its paths really have (one path below its prefix).
      if (route.path.endsWith('/*')) {
        const prefix = route.path.slice(0, -1);
        expect(
          [...documented].some((d) => d.startsWith(`${route.method} ${prefix}`)),
          `${route.method} ${route.path}`,
        ).toBe(true);
        continue;
      }
      expect(documented.has(`${route.method} ${route.path.replace(/:[A-Za-z]+/g, '{}')}`), `${route.method} ${route.path}`).toBe(true);
    }
  });

  it('documents the error the running product really answers', async () => {
    const res = await fetch(`${stack.publicUrl}/api/events/00000000-0000-4000-8000-000000000000`);
    expect(res.status).toBe(404);
    const body = await res.json();
    const documented = document.paths['/events/{id}']?.get?.responses['404']?.content?.['application/json']?.examples ?? {};
    expect(Object.values(documented).map((e) => e.value)).toContainEqual(body);
    expect(body).toEqual({ message: API_ERRORS.eventNotFound });
  });
});

describe('/api/docs', () => {
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    browser = await launchBrowser({ profilePrefix: 'flohmarkt-docs-', locale: 'de-DE', viewport: { width: 1280, height: 900 } });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('renders every call in Chromium under the Content-Security-Policy without a console error', async () => {
    const page = await browser.context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
    page.on('requestfailed', (request) => problems.push(`failed: ${request.url()}`));
    const answer = await page.goto(`${stack.publicUrl}/api/docs`);
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect.poll(() => page.locator('h1').textContent()).toBe('Flohmarkt-API');
    expect(await page.locator('section.operation').count()).toBe(operations().length);
    // The stylesheet applied: the method badges have their colour, so the page is more than bare HTML.
    const badge = await page
      .locator('.method-get')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(badge).not.toBe('rgba(0, 0, 0, 0)');
    expect(await page.getByRole('link', { name: 'OpenAPI-Dokument (JSON)' }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
  });
});
