import { HttpSession } from './browser-session.js';

/** An API answer: its status and its JSON body (null when empty). */
export interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** Calls the API as a signed-in browser session, or anonymously (who = null), with a JSON body if given. */
export async function apiCall(publicUrl: string, who: HttpSession | null, method: string, path: string, body?: unknown): Promise<Answer> {
  const init: RequestInit = { method };
  if (body !== undefined) {
    init.headers = { 'content-type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  const res = who ? await who.fetch(path, init) : await fetch(`${publicUrl}${path}`, init);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** A new browser session signed in through the development identity provider, with the user's id. */
export async function signedInSession(publicUrl: string, email: string, firstName: string, lastName: string): Promise<HttpSession & { id: string }> {
  const session = new HttpSession(publicUrl);
  await session.signIn({ email, firstName, lastName });
  const me = await apiCall(publicUrl, session, 'GET', '/api/auth/user');
  return Object.assign(session, { id: me.body.id as string });
}

/** A fixture step through apiCall: the answer's body, typed as the caller expects; throws when the call fails (status ≥ 300). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function mustCall<T = any>(publicUrl: string, who: HttpSession | null, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await apiCall(publicUrl, who, method, path, body);
  if (answer.status >= 300) throw new Error(`fixture ${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as T;
}
