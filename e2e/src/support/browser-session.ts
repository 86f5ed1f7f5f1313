/**
 * A browser's cookie jar and redirect handling, with plain fetch: enough to walk the
 * OpenID Connect sign-in the way a browser does, and to watch every hop.
 */
export class HttpSession {
  private cookies = new Map<string, string>();
  readonly hops: string[] = [];

  constructor(readonly origin: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  hasCookie(name: string): boolean {
    return this.cookies.has(name);
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
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

  /** Follows redirects (GET), returning the last answer and recording every URL visited. */
  async follow(url: string, init: RequestInit = {}, maxHops = 15): Promise<{ res: Response; url: string }> {
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

  /**
   * Signs in through the development identity provider: /api/login, its form (email, first and
   * last name), back to /api/callback. Returns where the browser lands.
   */
  async signIn(person: { email: string; firstName: string; lastName: string }, returnTo?: string): Promise<string> {
    const start = returnTo === undefined ? '/api/login' : `/api/login?returnTo=${encodeURIComponent(returnTo)}`;
    const { res, url } = await this.follow(start);
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no sign-in form at ${url}: ${res.status} ${html.slice(0, 200)}`);
    const body = new URLSearchParams(person);
    for (const [, name, value] of html.matchAll(/<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) body.set(name, value);
    const posted = await this.fetch(new URL(action.replace(/&amp;/g, '&'), url).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: this.origin },
      body,
    });
    await posted.arrayBuffer();
    const landed = await this.follow(new URL(posted.headers.get('location') ?? '/', url).href);
    await landed.res.arrayBuffer();
    return landed.url;
  }

  /**
   * Signs out via /api/logout. The provider's end-session page submits its form by script; here
   * the form is submitted the same way. Returns where the browser lands.
   */
  async signOut(): Promise<string> {
    const { res, url } = await this.follow('/api/logout');
    if (!url.includes('/oidc/')) {
      await res.arrayBuffer();
      return url;
    }
    const html = await res.text();
    const form = /<form[^>]*id="op\.logoutForm"[^>]*>([\s\S]*?)<\/form>/.exec(html) ?? /<form[^>]*>([\s\S]*?)<\/form>/.exec(html);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!form || !action) throw new Error(`no logout form at ${url}`);
    const body = new URLSearchParams();
    for (const [, name, value] of form[1].matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) body.set(name, value);
    const posted = await this.fetch(new URL(action.replace(/&amp;/g, '&'), url).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: this.origin },
      body,
    });
    await posted.arrayBuffer();
    const landed = await this.follow(new URL(posted.headers.get('location') ?? '/', url).href);
    await landed.res.arrayBuffer();
    return landed.url;
  }
}
