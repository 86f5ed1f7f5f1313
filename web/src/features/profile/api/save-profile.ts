import { CREATE_EXHIBITOR_PROFILE, UPDATE_EXHIBITOR_PROFILE, UPDATE_USER, type CallBody } from '@flohmarkt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentUserQueryKey } from '@/features/auth/api/get-current-user';
import { exhibitorQueryKey } from '@/features/exhibitors/api/get-exhibitor';
import { exhibitorReviewsQueryKey } from '@/features/exhibitors/api/get-exhibitor-reviews';
import { userQueryKey } from '@/features/users/api/get-user';
import { userStandsQueryKey } from '@/features/users/api/get-user-stands';
import { callApi } from '@/lib/api-call';
import { exhibitorProfileQueryKey } from './exhibitor-profile';

export interface ProfileSave {
  userId: string;
  profileId: string | null;
  names: CallBody<typeof UPDATE_USER>;
  profile: { bio: string; specialties: string[]; kleinanzeigenUrl: string; vintedUrl: string };
}

/**
 * Names through UPDATE_USER, the rest through the exhibitor profile: UPDATE when it exists,
 * else CREATE (a second would be a 409; the owner is the session's user).
 */
export async function saveProfile({ userId, profileId, names, profile }: ProfileSave): Promise<void> {
  await callApi(UPDATE_USER, { params: { id: userId }, body: names });
  if (profileId) await callApi(UPDATE_EXHIBITOR_PROFILE, { params: { id: profileId }, body: profile });
  else await callApi(CREATE_EXHIBITOR_PROFILE, { body: profile });
}

export function useSaveProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    // Also after a failure: the names may be saved even when the profile was not.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
        queryClient.invalidateQueries({ queryKey: exhibitorProfileQueryKey(userId) }),
        queryClient.invalidateQueries({ queryKey: exhibitorQueryKey(userId) }),
        queryClient.invalidateQueries({ queryKey: exhibitorReviewsQueryKey(userId) }),
        queryClient.invalidateQueries({ queryKey: userQueryKey(userId) }),
        queryClient.invalidateQueries({ queryKey: userStandsQueryKey(userId) }),
      ]),
  });
}
