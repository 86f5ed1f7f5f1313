import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMailOptOut } from '@flohmarkt/contracts';
import { api } from '@/lib/api-client';

/** GET /api/mail/unsubscribe/{token}: what the link in a notification mail switches off (ZMailOptOut). */
export type { TMailOptOut };

export const mailOptOutQueryKey = (token: string) => ['mail-opt-out', token] as const;

const path = (token: string) => `/api/mail/unsubscribe/${encodeURIComponent(token)}`;

export function getMailOptOut(token: string, signal?: AbortSignal): Promise<TMailOptOut> {
  return api.get<TMailOptOut>(path(token), { signal });
}

export const mailOptOutQueryOptions = (token: string) =>
  queryOptions({ queryKey: mailOptOutQueryKey(token), queryFn: ({ signal }) => getMailOptOut(token, signal) });

export function useMailOptOut(token: string) {
  return useQuery(mailOptOutQueryOptions(token));
}

/** POST: the same one-click call mail programs make (RFC 8058); a second one changes nothing. */
export function optOut(token: string): Promise<unknown> {
  return api.post<unknown>(path(token));
}

export function useOptOut(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => optOut(token),
    onSuccess: () => {
      queryClient.setQueryData<TMailOptOut>(mailOptOutQueryKey(token), (current) => (current ? { ...current, unsubscribed: true } : current));
    },
  });
}
