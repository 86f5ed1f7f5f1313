/**
 * A browser's cookie jar and redirect handling, with plain fetch: enough to walk the
 * OpenID Connect sign-in of the development provider the way a browser does, and to watch every
 * hop. Used by the cross-process tests, the demo seed and the benchmarks.
 */
export class HttpSession {
  /** @param {string} origin the product's public URL */
  constructor(origin) {
    this.origin = origin;
    /** @type {Map<string, string>} */
    this.cookies = new Map();
    /** @type {string[]} */
    this.hops = [];
  }

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  hasCookie(name) {
    return this.cookies.has(name);
  }

  async fetch(url, init = {}) {
    const target = new URL(url, this.origin);
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', this.cookieHeader());
    const res = await fetch(target, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=thu, 01 jan 1970/i.test(a) || /^\s*max-age=0/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** JSON call with the right headers; answers { status, body }. */
  async json(method, url, body) {
    const res = await this.fetch(url, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }

  /** Follows redirects (GET), returning the last answer and recording every URL visited. */
  async follow(url, init = {}, maxHops = 15) {
    let current = new URL(url, this.origin).href;
    let res = await this.fetch(current, init);
    for (let hop = 0; hop < maxHops && res.status >= 300 && res.status < 400; hop++) {
      await res.arrayBuffer();
      current = new URL(res.headers.get('location') ?? '/', current).href;
      this.hops.push(current);
      res = await this.fetch(current);
    }
    return { res, url: current };
  }

  /** Posts a form found in `html` (its inputs, overridden by `fields`) and follows the answer. */
  async submitForm(html, pageUrl, fields = {}, formPattern = /<form[^>]*>([\s\S]*?)<\/form>/) {
    const form = formPattern.exec(html);
    const action = /<form[^>]*action="([^"]+)"/.exec(form?.[0] ?? html)?.[1];
    if (!form || !action) throw new Error(`no form at ${pageUrl}: ${html.slice(0, 200)}`);
    const body = new URLSearchParams();
    for (const [, name, value] of form[1].matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) body.set(name, value);
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    const posted = await this.fetch(new URL(action.replace(/&amp;/g, '&'), pageUrl).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: this.origin },
      body,
    });
    await posted.arrayBuffer();
    const landed = await this.follow(new URL(posted.headers.get('location') ?? '/', pageUrl).href);
    await landed.res.arrayBuffer();
    return landed.url;
  }

  /**
   * Signs in through the development identity provider: /api/login, its form (email, first and
   * last name), back to /api/callback. Returns where the browser lands.
   */
  async signIn(person, returnTo) {
    const start = returnTo === undefined ? '/api/login' : `/api/login?returnTo=${encodeURIComponent(returnTo)}`;
    const { res, url } = await this.follow(start);
    const html = await res.text();
    if (!html.includes('name="email"')) throw new Error(`no sign-in form at ${url}: ${res.status} ${html.slice(0, 200)}`);
    return this.submitForm(html, url, person);
  }

  /**
   * Signs out via /api/logout. The provider's end-session page submits its form by script; here
   * the form is submitted the same way. Returns where the browser lands.
   */
  async signOut() {
    const { res, url } = await this.follow('/api/logout');
    if (!url.includes('/oidc/')) {
      await res.arrayBuffer();
      return url;
    }
    const html = await res.text();
    const logoutForm = /<form[^>]*id="op\.logoutForm"[^>]*>([\s\S]*?)<\/form>/.test(html) ? /<form[^>]*id="op\.logoutForm"[^>]*>([\s\S]*?)<\/form>/ : undefined;
    return this.submitForm(html, url, {}, logoutForm);
  }
}
