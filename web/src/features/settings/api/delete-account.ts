import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentUserQueryKey } from '@/features/auth/api/get-current-user';
import { api } from '@/lib/api-client';

/** DELETE /api/me with the typed e-mail; the gateway ends the session with it. */
export function deleteAccount(confirm: string): Promise<void> {
  return api.delete<void>('/api/me', { body: { confirm } });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    // Signed out now: nothing cached of the old account stays on screen.
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(currentUserQueryKey, null);
    },
  });
}
