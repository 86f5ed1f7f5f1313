import { INVITE_PREVIOUS_SELLERS } from '@flohmarkt/contracts';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-call';

/** „Frühere Aussteller einladen“ (issue 34): the server mails each approved seller of the previous market once. */
export function useInvitePreviousSellers(eventId: string) {
  return useMutation({ mutationFn: () => callApi(INVITE_PREVIOUS_SELLERS, { params: { id: eventId } }) });
}
