import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GET_MAIL_OPT_OUT, OPT_OUT_OF_MAIL, type TMailOptOut } from '@flohmarkt/contracts';
import { callApi, callQueryOptions } from '@/lib/api-call';

/** GET /api/mail/unsubscribe/{token}: what the link in a notification mail switches off (ZMailOptOut). */
export type { TMailOptOut };

const mailOptOutQueryOptions = (token: string) => callQueryOptions(GET_MAIL_OPT_OUT, { params: { token } });

export function useMailOptOut(token: string) {
  return useQuery(mailOptOutQueryOptions(token));
}

/** POST: the same one-click call mail programs make (RFC 8058); a second one changes nothing. */
export function useOptOut(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(OPT_OUT_OF_MAIL, { params: { token } }),
    onSuccess: () => {
      queryClient.setQueryData(mailOptOutQueryOptions(token).queryKey, (current) => (current ? { ...current, unsubscribed: true } : current));
    },
  });
}
