import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RouteHints } from './route-hints.js';

const EVENT_LINKS = [
  '</assets/EventPage-abc.js>; rel=modulepreload',
  '</assets/EventPage-abc.css>; rel=preload; as=style',
  '</api/events/:id>; rel=preload; as=fetch; crossorigin=use-credentials',
  '</api/events/:id/stands>; rel=preload; as=fetch; crossorigin=use-credentials',
];
const hints = new RouteHints({ routes: [{ path: '/events/:id', links: EVENT_LINKS }] });
const ID = '3f2b6c1e-8d4a-4e7b-9c0f-1a2b3c4d5e6f';

describe('RouteHints', () => {
  it('gives an event page the links of its route with the id put in', () => {
    expect(hints.linkHeaderFor(`/events/${ID}`)).toBe(
      [
        '</assets/EventPage-abc.js>; rel=modulepreload',
        '</assets/EventPage-abc.css>; rel=preload; as=style',
        `</api/events/${ID}>; rel=preload; as=fetch; crossorigin=use-credentials`,
        `</api/events/${ID}/stands>; rel=preload; as=fetch; crossorigin=use-credentials`,
      ].join(', '),
    );
  });

  it('gives no header to other pages, deeper paths or the route without its id', () => {
    for (const page of ['/', '/events', '/events/', `/events/${ID}/edit`, `/stands/${ID}`, '/impressum']) expect(hints.linkHeaderFor(page)).toBeNull();
  });

  it('gives no header when the id could change the header (separators, brackets, escapes, too long)', () => {
    for (const id of ['a,b', 'a;rel=preload', '%3E', 'a%0d%0aSet-Cookie:x', '<x>', 'x'.repeat(101)]) expect(hints.linkHeaderFor(`/events/${id}`)).toBeNull();
  });

  describe('from the build directory', () => {
    let dir = '';
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('reads dist/route-hints.json', () => {
      dir = mkdtempSync(path.join(os.tmpdir(), 'route-hints-'));
      writeFileSync(path.join(dir, 'route-hints.json'), JSON.stringify({ routes: [{ path: '/events/:id', links: EVENT_LINKS }] }));
      expect(RouteHints.fromDist(dir).linkHeaderFor('/events/abc')).toContain('</api/events/abc>; rel=preload');
    });

    it('sends nothing for a build without the file, or with a broken one', () => {
      dir = mkdtempSync(path.join(os.tmpdir(), 'route-hints-'));
      expect(RouteHints.fromDist(dir).size).toBe(0);
      writeFileSync(path.join(dir, 'route-hints.json'), '{"routes": [');
      expect(RouteHints.fromDist(dir).linkHeaderFor('/events/abc')).toBeNull();
    });
  });
});
