import { brotliDecompressSync } from 'node:zlib';
import http from 'node:http';
import { BRAND, LANDING_HERO, SITE_BRAND } from '@flohmarkt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { landingFirstPaintMarkup } from './landing-first-paint.js';
import { BUILT_INDEX, serveWebDist, type ServedWebDist } from '../testing/served-web-dist.js';

const PAGE = BUILT_INDEX;

describe('landingFirstPaintMarkup', () => {
  it("draws the site's brand and the hero's texts, in the app's order and classes", () => {
    const html = landingFirstPaintMarkup('/assets/logo-1.svg');
    expect(html).toContain(`<span class="brand__title">${SITE_BRAND.title}</span>`);
    const order = [
      `<p class="hero__eyebrow">${LANDING_HERO.eyebrow}</p>`,
      `<h1 id="hero-title" class="hero__title">${LANDING_HERO.title}</h1>`,
      `<p class="hero__lead">${LANDING_HERO.lead}</p>`,
      `<p class="hero__promise"><strong>${LANDING_HERO.promise}</strong>${LANDING_HERO.promiseRest}</p>`,
    ].map((part) => html.indexOf(part));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('has no button, form or link besides the brand (nothing that only works once the app runs), and no large logo that would move', () => {
    const html = landingFirstPaintMarkup('/assets/logo-1.svg');
    expect(html).not.toMatch(/<(button|form|input)\b/);
    expect(html.match(/<a\b/g)).toHaveLength(1);
    expect(html).not.toContain('hero__art');
    expect(html.match(/<img\b/g)).toHaveLength(1);
    expect(landingFirstPaintMarkup(null)).not.toContain('<img');
  });
});

describe('webApp with the landing first paint', () => {
  let served: ServedWebDist;
  let base: string;

  beforeAll(async () => {
    served = await serveWebDist({ 'index.html': PAGE }, { meta: {} });
    base = served.base;
  });

  afterAll(() => served.close());

  it('sends / (with or without a search in its query) with the hero and the brand colours, never cached', async () => {
    for (const pathname of ['/', '/?ort=K%C3%B6ln&datum=2026-12-05']) {
      const res = await fetch(`${base}${pathname}`);
      const html = await res.text();
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(html).toContain(`<div id="root">${landingFirstPaintMarkup('/assets/logo-1.svg')}</div>`);
      expect(html).toContain(`<style>:root{--brand-from:${BRAND.gradientFrom};--brand-to:${BRAND.gradientTo}}</style></head>`);
    }
  });

  it('sends the same page brotli-compressed, and leaves the other pages as they are', async () => {
    const packed = await new Promise<Buffer>((resolve, reject) => {
      http
        .get(`${base}/`, { headers: { 'accept-encoding': 'br' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => (res.headers['content-encoding'] === 'br' ? resolve(Buffer.concat(chunks)) : reject(new Error('not brotli'))));
        })
        .on('error', reject);
    });
    expect(brotliDecompressSync(packed).toString()).toContain(`<p class="hero__lead">${LANDING_HERO.lead}</p>`);
    expect(await (await fetch(`${base}/impressum`)).text()).toBe(PAGE);
  });
});
