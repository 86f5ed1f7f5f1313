import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GET_MAIL_OPT_OUT, LIST_ALERTS, LIST_FOLLOWS, OPT_BACK_IN_TO_MAIL, OPT_OUT_OF_MAIL, type TMailOptOut } from '@flohmarkt/contracts';
import { callApi, callQueryKey, callQueryOptions } from '@/lib/api-call';

/** GET /api/mail/unsubscribe/{token}: what the link in a notification mail switches off (ZMailOptOut). */
export type { TMailOptOut };

const mailOptOutQueryOptions = (token: string) => callQueryOptions(GET_MAIL_OPT_OUT, { params: { token } });

export function useMailOptOut(token: string) {
  return useQuery(mailOptOutQueryOptions(token));
}

/** POST: the same one-click call mail programs make (RFC 8058); a second one changes nothing. */
export function useOptOut(token: string) {
  return useSwitch(token, OPT_OUT_OF_MAIL);
}

/** DELETE: takes the opt-out back. */
export function useOptBackIn(token: string) {
  return useSwitch(token, OPT_BACK_IN_TO_MAIL);
}

function useSwitch(token: string, call: typeof OPT_OUT_OF_MAIL | typeof OPT_BACK_IN_TO_MAIL) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(call, { params: { token } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(mailOptOutQueryOptions(token).queryKey, answer);
      // Einstellungen shows whether a follow's or alert's mails are off: a list read before this switch is read again.
      if (answer.scope === 'alert') void queryClient.invalidateQueries({ queryKey: callQueryKey(LIST_ALERTS) });
      if (answer.scope === 'follow') void queryClient.invalidateQueries({ queryKey: callQueryKey(LIST_FOLLOWS) });
    },
  });
}
