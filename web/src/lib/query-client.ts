import { QueryCache, QueryClient } from '@tanstack/react-query';
import { toastIfRateLimited } from '@/lib/rate-limit-toast';

/**
 * Data handling of docs/product.md#in-the-browser: queries never go stale, no automatic refetch interval,
 * no refetch on window focus, no retries for queries or mutations. Every 429 a query or a mutation
 * meets is shown as a toast with its message (rate-limit-toast.ts).
 *
 * Calls go out whatever the browser says about its network (`networkMode: 'always'`): offline, a read
 * the service worker kept is still answered, and anything else fails at once with "Keine Verbindung …"
 * where TanStack's default would wait paused — a market never visited spinning for ever, a save
 * showing "Wird gespeichert …" until the page is left and the change lost.
 */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    queryCache: new QueryCache({ onError: toastIfRateLimited }),
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
        networkMode: 'always',
      },
      mutations: {
        retry: false,
        networkMode: 'always',
      },
    },
  });
  // The cache's listeners hear a failed mutation after the screen's own callbacks (mutate's onError).
  // A screen's general toast ('… konnte nicht gespeichert werden') is then replaced by this one, as
  // only one toast shows at a time: the reason stays on screen.
  client.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') toastIfRateLimited(event.action.error);
  });
  return client;
}
