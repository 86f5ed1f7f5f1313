import type { TAdminStandStats, TAdminUser, TRole } from '@flohmarkt/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { eventQueryKey } from '@/features/events/api/get-event';
import { api } from '@/lib/api-client';

export const adminUsersQueryKey = ['admin', 'users'] as const;
export const adminStandStatsQueryKey = ['admin', 'stand-stats'] as const;

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
      // The event's stands go in the background: the stand counters are read again.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['events', 'list'] }),
        queryClient.invalidateQueries({ queryKey: adminStandStatsQueryKey }),
      ]);
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
        queryClient.invalidateQueries({ queryKey: adminStandStatsQueryKey }),
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

/** GET /api/admin/stand-stats: approved, pending and rejected stands, counted by the server. */
export function useAdminStandStats() {
  return useQuery({
    queryKey: adminStandStatsQueryKey,
    queryFn: ({ signal }) => api.get<TAdminStandStats>('/api/admin/stand-stats', { signal }),
  });
}
