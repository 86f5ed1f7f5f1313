import type { TExhibitorProfile, TProfileVisibility } from '@flohmarkt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { exhibitorQueryKey } from '@/features/exhibitors/api/get-exhibitor';
import { api } from '@/lib/api-client';
import { exhibitorProfileQueryKey } from './exhibitor-profile';

export interface VisibilityChange {
  profileId: string | null;
  visibility: TProfileVisibility;
}

/** PUT the profile's visibility; a user without a profile yet gets one (POST) with just this choice. */
export function setProfileVisibility({ profileId, visibility }: VisibilityChange): Promise<TExhibitorProfile> {
  if (profileId) return api.put<TExhibitorProfile>(`/api/exhibitor-profiles/${encodeURIComponent(profileId)}`, { visibility });
  return api.post<TExhibitorProfile>('/api/exhibitor-profiles', { visibility });
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
      ]),
  });
}
