import {
  ACCEPT_TEAM_INVITE,
  CREATE_TEAM_INVITE,
  GET_TEAM,
  GET_TEAM_INVITE,
  LIST_MY_EVENTS,
  REMOVE_TEAM_MEMBER,
  REVOKE_TEAM_INVITE,
  type TTeamInviteCreate,
} from '@flohmarkt/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callQueryKey } from '@/lib/api-call';

/*
 * A market's team (issue 36): the organiser invites co-organisers and helpers by a code or its link,
 * sees the open invites and the members, and removes them; someone signed in accepts an invite.
 */

export const teamQueryKey = (eventId: string) => callQueryKey(GET_TEAM, { params: { id: eventId } });
export const teamInviteQueryKey = (code: string) => callQueryKey(GET_TEAM_INVITE, { params: { code } });

/** The members and, for the organiser, the open invites. A refusal (403) is the page's to say: no retry. */
export function useTeam(eventId: string) {
  return useQuery({
    queryKey: teamQueryKey(eventId),
    queryFn: ({ signal }) => callApi(GET_TEAM, { params: { id: eventId }, signal }),
    retry: false,
  });
}

/** What a code invites to. Tries are counted per address by the gateway, so a wrong code is not asked again. */
export function useTeamInvite(code: string) {
  return useQuery({
    queryKey: teamInviteQueryKey(code),
    queryFn: ({ signal }) => callApi(GET_TEAM_INVITE, { params: { code }, signal }),
    retry: false,
  });
}

export function useCreateTeamInvite(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TTeamInviteCreate) => callApi(CREATE_TEAM_INVITE, { params: { id: eventId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQueryKey(eventId) }),
  });
}

export function useRevokeTeamInvite(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => callApi(REVOKE_TEAM_INVITE, { params: { id: eventId, code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQueryKey(eventId) }),
  });
}

export function useRemoveTeamMember(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => callApi(REMOVE_TEAM_MEMBER, { params: { id: eventId, userId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQueryKey(eventId) }),
  });
}

/** Joining changes the joiner's "Meine Flohmärkte" (the market comes with its team role) and what the event page offers them. */
export function useAcceptTeamInvite(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(ACCEPT_TEAM_INVITE, { params: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: callQueryKey(LIST_MY_EVENTS) }),
  });
}
