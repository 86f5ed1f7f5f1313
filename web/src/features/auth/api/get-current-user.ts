import { GET_SESSION_USER } from '@flohmarkt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApi, callQueryKey } from '@/lib/api-call';
import { isNoConnectionError } from '@/lib/api-client';
import { hasSessionHint } from '../lib/session-hint';

/** Whether this browser may hold a session (the gateway's sign-in hint); other features read it from here. */
export { hasSessionHint };

export const currentUserQueryKey = callQueryKey(GET_SESSION_USER);

/**
 * The signed-in user, or null when signed out. Every answer but the user's (401, another non-OK
 * answer) quietly yields the signed-out state (docs/product.md#in-the-browser, quiet failures).
 * No answer at all (offline, no reception) is not "signed out": the query fails and the user is
 * `unknown` until the browser is online again, so a helper
 * reloading the market day without reception is not offered "Anmelden" nor sent to a sign-in that
 * cannot load. A browser without the session hint has never signed in here (or signed out): it is not asked.
 */
export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: async () => {
      if (!hasSessionHint()) return null;
      try {
        return await callApi(GET_SESSION_USER);
      } catch (error) {
        if (isNoConnectionError(error)) throw error;
        return null;
      }
    },
  });

export function useCurrentUser() {
  const query = useQuery(currentUserQueryOptions());
  const { isError: unknown, refetch } = query;
  // The query client's own reconnect refetch misses a page that loaded offline (it starts out
  // believing it is online, so the browser's "online" changes nothing for it): ask again here.
  useEffect(() => {
    if (!unknown) return undefined;
    const askAgain = () => void refetch();
    window.addEventListener('online', askAgain);
    return () => window.removeEventListener('online', askAgain);
  }, [unknown, refetch]);
  const user = query.data ?? null;
  return { user, isLoading: query.isPending, unknown, isAuthenticated: user !== null };
}
