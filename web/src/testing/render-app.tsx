import type { TAuthUser } from '@flohmarkt/contracts';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { AppProviders } from '@/app/AppProviders';
import { AppRoutes } from '@/app/AppRoutes';
import { SESSION_HINT_COOKIE } from '@/features/auth/lib/session-hint';
import { createQueryClient } from '@/lib/query-client';

export const participant: TAuthUser = {
  id: 'f2c1d7a0-4b1e-4f57-9a55-0d7f2f6c8e11',
  email: 'max.mustermann@example.de',
  firstName: 'Max',
  lastName: 'Mustermann',
  profileImageUrl: null,
  role: 'participant',
};

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Answers for API paths (path without the query, or with it for an exact match); anything else 404. An answer function may answer later (a promise). */
export type ApiAnswers = Record<string, unknown | ((url: URL, init?: RequestInit) => Response | unknown)>;

/**
 * Answers GET /api/auth/user with the user (200), or 401 for null; `answers` add other paths
 * (matched on the path, or on path and query when the key has a '?'); an answer function also gets the
 * request's init (its method and body).
 */
export function mockAuthUser(user: TAuthUser | null, answers: ApiAnswers = {}) {
  setSessionHint(user !== null);
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/auth/user') {
      return user ? json(user, 200) : json({ message: 'Nicht angemeldet.' }, 401);
    }
    const answer = answers[url.pathname + url.search] ?? answers[url.pathname];
    if (answer !== undefined) {
      const value: unknown = typeof answer === 'function' ? await (answer as (u: URL, i?: RequestInit) => unknown)(url, init) : answer;
      return value instanceof Response ? value : json(value, 200);
    }
    return json({ message: 'Nicht gefunden.' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The gateway's sign-in hint cookie, as a signed-in (true) or a signed-out browser (false) holds it. */
export function setSessionHint(present: boolean) {
  document.cookie = present ? `${SESSION_HINT_COOKIE}=1; path=/` : `${SESSION_HINT_COOKIE}=; path=/; max-age=0`;
}

/** Renders the real route table at `path` with fresh providers. */
export function renderApp(path = '/') {
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
}
