import { useMutation } from '@tanstack/react-query';
import { CONFIRM_MAIL_ADDRESS } from '@flohmarkt/contracts';
import { callApi } from '@/lib/api-call';

/**
 * GET /api/mail/confirm/{token}: confirms the guest's address (again: still confirmed). A mutation,
 * not a query: it changes state, and only the reader's click may start it.
 */
export function useConfirmMail(token: string) {
  return useMutation({ mutationFn: () => callApi(CONFIRM_MAIL_ADDRESS, { params: { token } }) });
}
