import http from 'node:http';
import type { MailStore } from './mail-store.js';
import { listPage, mailBody, messagePage, notFoundPage } from './pages.js';

/** Our own pages: nothing but inline styles and same-origin frames; no script at all. */
const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
/**
 * The mail's HTML, shown in a frame of our page only: sandboxed (no script, no forms, its own
 * origin), images from anywhere as a mail client would, links open in the whole window.
 */
const BODY_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data: http: https:; font-src data:; frame-ancestors 'self'; form-action 'none'; " +
  'sandbox allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation';

function send(res: http.ServerResponse, status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...headers });
  res.end(body);
}

const html = (res: http.ServerResponse, status: number, body: string) =>
  send(res, status, 'text/html; charset=utf-8', body, { 'content-security-policy': PAGE_CSP, 'x-frame-options': 'DENY' });

/**
 * The listing at /dev/mail (the gateway passes the path unchanged): newest first, each message
 * with its headers, text and HTML, the raw file, and messages.json for tests.
 */
export function startHttp(store: MailStore, port: number, host: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const handle = async () => {
      const url = new URL(req.url ?? '/', 'http://dev-mail');
      const p = url.pathname.replace(/\/+$/, '');
      if (req.method !== 'GET' && req.method !== 'HEAD')
        return send(res, 405, 'application/json', JSON.stringify({ message: 'Nur Lesen ist hier möglich.' }), { allow: 'GET, HEAD' });
      if (p === '/dev/mail/health') return send(res, 200, 'application/json', JSON.stringify({ status: 'ok' }));
      if (p === '/dev/mail') return html(res, 200, listPage(await store.list()));
      if (p === '/dev/mail/messages.json') return send(res, 200, 'application/json; charset=utf-8', JSON.stringify({ messages: await store.list() }));
      const raw = /^\/dev\/mail\/messages\/([^/]+)\.eml$/.exec(p);
      if (raw) {
        const bytes = await store.raw(raw[1]);
        if (!bytes) return html(res, 404, notFoundPage());
        return send(res, 200, 'message/rfc822', bytes, { 'content-disposition': `attachment; filename="${raw[1]}.eml"` });
      }
      const body = /^\/dev\/mail\/messages\/([^/]+)\/body\.html$/.exec(p);
      if (body) {
        const mail = await store.parsed(body[1]);
        if (!mail || !mail.html) return html(res, 404, notFoundPage());
        return send(res, 200, 'text/html; charset=utf-8', mailBody(mail.html), { 'content-security-policy': BODY_CSP, 'x-frame-options': 'SAMEORIGIN' });
      }
      const view = /^\/dev\/mail\/messages\/([^/]+)$/.exec(p);
      if (view) {
        const mail = await store.parsed(view[1]);
        if (!mail) return html(res, 404, notFoundPage());
        const summary = (await store.list()).find((m) => m.id === view[1]);
        return html(res, 200, messagePage(view[1], summary, mail));
      }
      return html(res, 404, notFoundPage());
    };
    handle().catch((err: Error) => send(res, 500, 'application/json', JSON.stringify({ message: `Die E-Mail konnte nicht gelesen werden: ${err.message}` })));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
