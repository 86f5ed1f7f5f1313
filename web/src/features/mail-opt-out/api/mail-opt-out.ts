import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET /api/mail/unsubscribe/{token} (issue 17 design): what the link in a notification mail switches off.
 * 'event-digest': the organiser's bundled mail about new registrations at one event;
 * 'stand-updates': every notice about the reader's stands (approved, rejected, event cancelled or moved).
 */
export interface TMailOptOut {
  scope: 'event-digest' | 'stand-updates';
  eventName: string | null;
  unsubscribed: boolean;
}

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
