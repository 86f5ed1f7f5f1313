import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GET_MAIL_OPT_OUT, OPT_OUT_OF_MAIL, type TMailOptOut } from '@flohmarkt/contracts';
import { callApi, callQueryKey } from '@/lib/api-call';

/** GET /api/mail/unsubscribe/{token}: what the link in a notification mail switches off (ZMailOptOut). */
export type { TMailOptOut };

export const mailOptOutQueryKey = (token: string) => callQueryKey(GET_MAIL_OPT_OUT, { params: { token } });

export function getMailOptOut(token: string, signal?: AbortSignal): Promise<TMailOptOut> {
  return callApi(GET_MAIL_OPT_OUT, { params: { token }, signal });
}

export const mailOptOutQueryOptions = (token: string) =>
  queryOptions({ queryKey: mailOptOutQueryKey(token), queryFn: ({ signal }) => getMailOptOut(token, signal) });

export function useMailOptOut(token: string) {
  return useQuery(mailOptOutQueryOptions(token));
}

/** POST: the same one-click call mail programs make (RFC 8058); a second one changes nothing. */
export function optOut(token: string): Promise<TMailOptOut> {
  return callApi(OPT_OUT_OF_MAIL, { params: { token } });
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
