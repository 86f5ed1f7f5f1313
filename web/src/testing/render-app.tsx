import type { TAuthUser } from '@flohmarkt/contracts';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { AppProviders } from '@/app/AppProviders';
import { routes } from '@/app/routes';
import { createQueryClient } from '@/lib/query-client';

export const participant: TAuthUser = {
  id: 'f2c1d7a0-4b1e-4f57-9a55-0d7f2f6c8e11',
  email: 'max.mustermann@example.de',
  firstName: 'Max',
  lastName: 'Mustermann',
  profileImageUrl: null,
  role: 'participant',
};

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Answers GET /api/auth/user with the user (200), or 401 for null. */
export function mockAuthUser(user: TAuthUser | null) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.endsWith('/api/auth/user')) {
      return user ? json(user, 200) : json({ message: 'Nicht angemeldet.' }, 401);
    }
    return json({ message: 'Nicht gefunden.' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Renders the real route table at `path` with fresh providers. */
export function renderApp(path = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}
