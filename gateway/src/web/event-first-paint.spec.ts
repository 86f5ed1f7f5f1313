import { BRAND } from '@flohmarkt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventHeadlineFrom, firstPaintMarkup, headlineOf, type EventHeadline } from './event-first-paint.js';
import { withFirstPaint } from './first-paint-shell.js';
import { BUILT_INDEX, serveWebDist, type ServedWebDist } from '../testing/served-web-dist.js';

const ID = '3bf1d611-a345-44bc-b8c1-c88194ee9ad8';
const MARKET: EventHeadline = { name: 'Audit-Flohmarkt am Kanal', location: 'Paul-Lincke-Ufer, 10999 Berlin', startDateTime: '2026-12-01T08:00:00.000Z' };
const PAGE = BUILT_INDEX;

describe('firstPaintMarkup', () => {
  it("draws the brand and the hero's date (Berlin time), name and place with the app's classes", () => {
    const html = firstPaintMarkup(MARKET, '/assets/logo-1.svg');
    expect(html).toContain('<img width="40" height="40" alt="" class="brand__logo" src="/assets/logo-1.svg">');
    expect(html).toContain('<p class="event-hero__date">01.12.2026, 09:00 Uhr</p>');
    expect(html).toContain('<h1 class="event-hero__title">Audit-Flohmarkt am Kanal</h1>');
    expect(html).toContain('<p class="event-hero__location">Paul-Lincke-Ufer, 10999 Berlin</p>');
  });

  it('escapes what organisers typed: a name is text, never markup', () => {
    const html = firstPaintMarkup({ ...MARKET, name: '<script>alert("x")</script> & Co', location: '"><img src=x onerror=alert(1)>' }, null);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
  });
});

describe('headlineOf', () => {
  it('takes name, place and start from the public read, and nothing else', () => {
    expect(headlineOf({ ...MARKET, contactEmail: 'a@example.org' })).toEqual(MARKET);
  });

  it('refuses an answer without them or with a start that is no date', () => {
    expect(headlineOf(null)).toBeNull();
    expect(headlineOf({ name: 'X', location: 'Y' })).toBeNull();
    expect(headlineOf({ ...MARKET, startDateTime: 'morgen' })).toBeNull();
  });
});

describe('withFirstPaint', () => {
  it("fills #root and links the page's stylesheets in the head, each once", () => {
    const html = withFirstPaint(PAGE, '<p>Hallo</p>', ['/assets/index-1.css', '/assets/EventPage-1.css']) as string;
    expect(html).toContain('<div id="root"><p>Hallo</p></div>');
    expect(html).toContain('<link rel="stylesheet" href="/assets/EventPage-1.css"></head>');
    expect(html.match(/index-1\.css/g)).toHaveLength(1);
    // Painted before any script: the brand gradient's colours come with the page, where the tokens compute it.
    expect(html).toContain(`<style>:root{--brand-from:${BRAND.gradientFrom};--brand-to:${BRAND.gradientTo}}</style>`);
  });

  it('leaves a page without an empty #root alone', () => {
    expect(withFirstPaint('<html><head></head><body></body></html>', '<p>Hallo</p>', [])).toBeNull();
  });
});

describe('eventHeadlineFrom', () => {
  it("reads the event's public path, and gives up on anything but the event's 200", async () => {
    const asked: unknown[] = [];
    const answering = (status: number, body: unknown) => async (target: string, requestId: string) => {
      asked.push([target, requestId]);
      return { status, body: Buffer.from(JSON.stringify(body)) };
    };
    expect(await eventHeadlineFrom(answering(200, MARKET))(ID, 'r1')).toEqual(MARKET);
    expect(asked[0]).toEqual([`/events/${ID}`, 'r1']);
    expect(await eventHeadlineFrom(answering(404, { message: 'nicht da' }))(ID, 'r2')).toBeNull();
    expect(await eventHeadlineFrom(async () => ({ status: 200, body: Buffer.from('<html>') }))(ID, 'r3')).toBeNull();
    expect(await eventHeadlineFrom(async () => Promise.reject(new Error('down')))(ID, 'r4')).toBeNull();
  });
});

describe('webApp with the event first paint', () => {
  let served: ServedWebDist;
  let base: string;
  const asked: string[] = [];

  beforeAll(async () => {
    const hints = {
      routes: [
        {
          path: '/events/:id',
          links: [
            '</assets/index-1.js>; rel=modulepreload',
            '</assets/index-1.css>; rel=preload; as=style',
            '</api/events/:id>; rel=preload; as=fetch; crossorigin=use-credentials',
            '</assets/EventPage-1.css>; rel=preload; as=style',
          ],
        },
      ],
    };
    served = await serveWebDist(
      { 'index.html': PAGE, 'route-hints.json': JSON.stringify(hints) },
      {
        meta: {},
        eventHeadline: async (id) => {
          asked.push(id);
          if (id === 'slow') return new Promise<EventHeadline | null>(() => undefined);
          return id === 'known' ? { ...MARKET, name: 'Kanal <Markt>' } : null;
        },
      },
    );
    base = served.base;
  });

  afterAll(() => served.close());

  it("sends an event page with its hero and the page's stylesheet, beside the Link header", async () => {
    const res = await fetch(`${base}/events/known`);
    const html = await res.text();
    expect(res.headers.get('link')).toContain('</api/events/known>; rel=preload');
    // Its code is not asked for with the stylesheets the first paint needs (route-hints.ts, withoutCode).
    expect(res.headers.get('link')).not.toContain('modulepreload');
    expect(html).toContain('<h1 class="event-hero__title">Kanal &lt;Markt&gt;</h1>');
    expect(html).toContain('<link rel="stylesheet" href="/assets/EventPage-1.css"></head>');
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('asks for the code with the stylesheets when the page goes out without its first paint', async () => {
    const res = await fetch(`${base}/events/unknown`);
    expect(res.headers.get('link')).toContain('</assets/index-1.js>; rel=modulepreload');
    await res.text();
  });

  it('sends the page as it is for an unknown event, a slow answer and every other path but the landing page', async () => {
    for (const pathname of ['/events/unknown', '/events/slow', '/impressum', '/events/known/edit']) {
      const html = await (await fetch(`${base}${pathname}`)).text();
      expect(html).toBe(PAGE);
    }
    expect(asked).not.toContain('known/edit');
  });
});
