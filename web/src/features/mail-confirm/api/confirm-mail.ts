import { useMutation } from '@tanstack/react-query';
import type { TMailConfirmation } from '@flohmarkt/contracts';
import { api } from '@/lib/api-client';

/** GET /api/mail/confirm/{token}: confirms the guest's address (again: still confirmed). */
export function confirmMail(token: string): Promise<TMailConfirmation> {
  return api.get<TMailConfirmation>(`/api/mail/confirm/${encodeURIComponent(token)}`);
}

/** A mutation, not a query: it changes state, and only the reader's click may start it. */
export function useConfirmMail(token: string) {
  return useMutation({ mutationFn: () => confirmMail(token) });
}
