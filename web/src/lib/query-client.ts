import { QueryClient } from '@tanstack/react-query';

/**
 * Data handling of docs/product.md#in-the-browser: queries never go stale, no automatic refetch interval,
 * no refetch on window focus, no retries for queries or mutations.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
