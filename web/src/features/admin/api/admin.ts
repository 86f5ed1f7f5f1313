import { CHANGE_USER_ROLE, DELETE_ADMIN_USER, DELETE_EVENT, GET_ADMIN_STAND_STATS, LIST_ADMIN_USERS, type TAdminUser, type TRole } from '@flohmarkt/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { eventQueryKey } from '@/features/events/api/get-event';
import { invalidateEventLists, invalidateEveryEventRead } from '@/features/events/api/get-events';
import { invalidateEveryStandRead } from '@/features/stands/api/invalidate-stand-reads';
import { callApi, callQueryKey, callQueryOptions } from '@/lib/api-call';

/** Every answer of the admin's user list, whatever its filter. */
export const adminUsersQueryKey = callQueryKey(LIST_ADMIN_USERS);
export const adminStandStatsQueryKey = callQueryKey(GET_ADMIN_STAND_STATS);

/** The admin's user search (issue 30): a part of name or e-mail, and one role or all ('' each: no filter). */
export interface AdminUserFilter {
  q: string;
  role: TRole | '';
}

export const NO_USER_FILTER: AdminUserFilter = { q: '', role: '' };

/** '' is no filter: the query string leaves it out, the server reads it as all. */
export function useAdminUsers(filter: AdminUserFilter = NO_USER_FILTER) {
  // While a new search loads, the last hits stay instead of a spinner.
  return useQuery({ ...callQueryOptions(LIST_ADMIN_USERS, { query: filter }), placeholderData: keepPreviousData });
}

/** DELETE_EVENT (admins only): every event list reloads. */
export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (eventId: string) => callApi(DELETE_EVENT, { params: { id: eventId } }),
    onSuccess: async (_data, eventId) => {
      queryClient.removeQueries({ queryKey: eventQueryKey(eventId) });
      // The event's stands go in the background: the stand counters are read again.
      await Promise.all([invalidateEventLists(queryClient), queryClient.invalidateQueries({ queryKey: adminStandStatsQueryKey })]);
    },
  });
}

/**
 * DELETE_ADMIN_USER: the user, their profile, stands and events go (the stands and
 * events in the background), so the users list and every event and stand list reload.
 */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => callApi(DELETE_ADMIN_USER, { params: { id: userId } }),
    onSuccess: async (_data, userId) => {
      queryClient.setQueriesData<TAdminUser[]>({ queryKey: adminUsersQueryKey }, (list) => list?.filter((u) => u.id !== userId));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
        invalidateEveryEventRead(queryClient),
        invalidateEveryStandRead(queryClient),
        queryClient.invalidateQueries({ queryKey: adminStandStatsQueryKey }),
      ]);
    },
  });
}

/** CHANGE_USER_ROLE: the answer is the updated row. */
export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: TRole }) => callApi(CHANGE_USER_ROLE, { params: { id: userId }, body: { role } }),
    onSuccess: (row) => {
      queryClient.setQueriesData<TAdminUser[]>({ queryKey: adminUsersQueryKey }, (list) => list?.map((u) => (u.id === row.id ? { ...u, ...row } : u)));
      // A role filter's lists now hold the user in the wrong place: read again.
      void queryClient.invalidateQueries({ queryKey: adminUsersQueryKey });
    },
  });
}

/** Approved, pending and rejected stands, counted by the server. */
export function useAdminStandStats() {
  return useQuery(callQueryOptions(GET_ADMIN_STAND_STATS));
}
