import type { TAdminUser, TRole } from '@flohmarkt/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { eventQueryKey } from '@/features/events/api/get-event';
import { api } from '@/lib/api-client';

export const adminUsersQueryKey = ['admin', 'users'] as const;

export const adminUsersQueryOptions = () =>
  queryOptions({
    queryKey: adminUsersQueryKey,
    queryFn: ({ signal }) => api.get<TAdminUser[]>('/api/admin/users', { signal }),
  });

export function useAdminUsers() {
  return useQuery(adminUsersQueryOptions());
}

/** DELETE /api/events/{id} (admins only): every event list reloads. */
export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (eventId: string) => api.delete<void>(`/api/events/${encodeURIComponent(eventId)}`),
    onSuccess: async (_data, eventId) => {
      queryClient.removeQueries({ queryKey: eventQueryKey(eventId) });
      await queryClient.invalidateQueries({ queryKey: ['events', 'list'] });
    },
  });
}

/**
 * DELETE /api/admin/users/{id}: the user, their profile, stands and events go (the stands and
 * events in the background), so the users list and every event and stand list reload.
 */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.delete<void>(`/api/admin/users/${encodeURIComponent(userId)}`),
    onSuccess: async (_data, userId) => {
      queryClient.setQueryData<TAdminUser[]>(adminUsersQueryKey, (list) => list?.filter((u) => u.id !== userId));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['events'] }),
        queryClient.invalidateQueries({ queryKey: ['stands'] }),
      ]);
    },
  });
}

/** PATCH /api/admin/users/{id}/role: the answer is the updated row. */
export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: TRole }) => api.patch<TAdminUser>(`/api/admin/users/${encodeURIComponent(userId)}/role`, { role }),
    onSuccess: (row) => {
      queryClient.setQueryData<TAdminUser[]>(adminUsersQueryKey, (list) => list?.map((u) => (u.id === row.id ? { ...u, ...row } : u)));
    },
  });
}
