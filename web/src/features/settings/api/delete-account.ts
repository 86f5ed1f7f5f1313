import { DELETE_ACCOUNT } from '@flohmarkt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentUserQueryKey } from '@/features/auth/api/get-current-user';
import { callApi } from '@/lib/api-call';

/** DELETE_ACCOUNT with the typed e-mail; the gateway ends the session with it. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirm: string) => callApi(DELETE_ACCOUNT, { body: { confirm } }),
    // Signed out now: nothing cached of the old account stays on screen.
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(currentUserQueryKey, null);
    },
  });
}
