import { CREATE_EXHIBITOR_PROFILE, UPDATE_EXHIBITOR_PROFILE, type TExhibitorProfile, type TProfileVisibility } from '@flohmarkt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { exhibitorQueryKey } from '@/features/exhibitors/api/get-exhibitor';
import { exhibitorReviewsQueryKey } from '@/features/exhibitors/api/get-exhibitor-reviews';
import { callApi } from '@/lib/api-call';
import { exhibitorProfileQueryKey } from './exhibitor-profile';

export interface VisibilityChange {
  profileId: string | null;
  visibility: TProfileVisibility;
}

/** Updates the profile's visibility; a user without a profile yet gets one created with just this choice. */
export function setProfileVisibility({ profileId, visibility }: VisibilityChange): Promise<TExhibitorProfile> {
  if (profileId) return callApi(UPDATE_EXHIBITOR_PROFILE, { params: { id: profileId }, body: { visibility } });
  return callApi(CREATE_EXHIBITOR_PROFILE, { body: { visibility } });
}

export function useSetProfileVisibility(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setProfileVisibility,
    onSuccess: (profile) => queryClient.setQueryData(exhibitorProfileQueryKey(userId), profile),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: exhibitorProfileQueryKey(userId) }),
        queryClient.invalidateQueries({ queryKey: exhibitorQueryKey(userId) }),
        queryClient.invalidateQueries({ queryKey: exhibitorReviewsQueryKey(userId) }),
      ]),
  });
}
