export interface Person {
  email: string;
  firstName: string;
  lastName: string;
}

export declare class HttpSession {
  readonly origin: string;
  readonly hops: string[];
  constructor(origin: string);
  cookieHeader(): string;
  hasCookie(name: string): boolean;
  fetch(url: string, init?: RequestInit): Promise<Response>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json<T = any>(method: string, url: string, body?: unknown): Promise<{ status: number; body: T }>;
  follow(url: string, init?: RequestInit, maxHops?: number): Promise<{ res: Response; url: string }>;
  submitForm(html: string, pageUrl: string, fields?: Record<string, string>, formPattern?: RegExp): Promise<string>;
  signIn(person: Person, returnTo?: string): Promise<string>;
  signOut(): Promise<string>;
}
