import { GET_SESSION_USER } from '@flohmarkt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, callQueryKey } from '@/lib/api-call';
import { hasSessionHint } from '../lib/session-hint';

/** Whether this browser may hold a session (the gateway's sign-in hint); other features read it from here. */
export { hasSessionHint };

export const currentUserQueryKey = callQueryKey(GET_SESSION_USER);

/**
 * The signed-in user, or null when signed out. Any failure (401, another non-OK answer, a network
 * error) silently yields the signed-out state (docs/product.md#in-the-browser, silent cases).
 * A browser without the session hint has never signed in here (or signed out): it is not asked.
 */
export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: async () => (hasSessionHint() ? callApi(GET_SESSION_USER).catch(() => null) : null),
  });

export function useCurrentUser() {
  const query = useQuery(currentUserQueryOptions());
  const user = query.data ?? null;
  return { user, isLoading: query.isPending, isAuthenticated: user !== null };
}
