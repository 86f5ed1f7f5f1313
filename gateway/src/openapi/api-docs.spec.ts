import type http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, VALIDATION } from '@flohmarkt/contracts';
import { apiDocs } from './api-docs.js';
import { serveOnFreePort, onTheWire } from '../testing/wire.js';

let base: string;
let server: http.Server;

const get = (pathname: string, headers: Record<string, string> = {}, method = 'GET') => onTheWire(`${base}${pathname}`, headers, method);

beforeAll(async () => {
  const app = express();
  app.use(apiDocs({ cookieName: 'flohmarkt.sid' }));
  app.use((_req, res) => res.status(404).json({ message: 'weiter' }));
  ({ server, base } = await serveOnFreePort(app));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('/api/openapi.json', () => {
  it('answers the OpenAPI 3.1 document as cacheable JSON', async () => {
    const res = await get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    const document = JSON.parse(res.body.toString('utf8'));
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/events/{id}']).toHaveProperty('get');
  });

  it('answers 304 to a client that has it already', async () => {
    const first = await get('/api/openapi.json');
    const again = await get('/api/openapi.json', { 'if-none-match': first.headers.etag as string });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('sends it compressed to a client that accepts brotli or gzip, with its own validator', async () => {
    const plain = await get('/api/openapi.json');
    const br = await get('/api/openapi.json', { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.body.length).toBeLessThan(plain.body.length / 4);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    const gz = await get('/api/openapi.json', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
  });

  it('answers HEAD with the headers alone and leaves other methods and paths to the next handler', async () => {
    const head = await get('/api/openapi.json', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(10_000);
    expect((await get('/api/openapi.json', {}, 'POST')).status).toBe(404);
    expect((await get('/api/openapi.yaml')).status).toBe(404);
  });
});

describe('/api/docs', () => {
  it('is a German page listing every call with its answers and error messages', async () => {
    const res = await get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body.toString('utf8');
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<code>/api/events/{id}/guest-stands</code>');
    expect(html).toContain('Gaststand ohne Konto anmelden');
    expect(html).toContain('Hofflohmarkt Ehrenfeld');
    expect(html).toContain(API_ERRORS.tooManyRegistrations);
    expect(html).toContain(VALIDATION.guestFirstNameRequired);
    expect(html).toContain('href="/api/openapi.json"');
    expect(html).toContain('id="schema-Stand"');
  });

  it('runs no script, so the Content-Security-Policy needs no exception', async () => {
    const html = (await get('/api/docs/')).body.toString('utf8');
    expect(html).not.toMatch(/<script|\son\w+=|style="/i);
    const css = await get('/api/docs/docs.css');
    expect(css.status).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('escapes text from the document', async () => {
    const html = (await get('/api/docs')).body.toString('utf8');
    // The stand categories include 'Taschen & Rucksäcke': written as an entity, never a bare ampersand.
    expect(html).toContain('Taschen &amp; Rucksäcke');
    expect(html).not.toContain('Taschen & Rucksäcke');
  });
});
