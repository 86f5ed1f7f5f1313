import type { TExhibitorProfile, TUser } from '@flohmarkt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentUserQueryKey } from '@/features/auth/api/get-current-user';
import { exhibitorQueryKey } from '@/features/exhibitors/api/get-exhibitor';
import { userQueryKey } from '@/features/users/api/get-user';
import { api } from '@/lib/api-client';
import { exhibitorProfileQueryKey } from './exhibitor-profile';

export interface ProfileSave {
  userId: string;
  profileId: string | null;
  names: { firstName: string; lastName: string };
  profile: { bio: string; specialties: string[]; kleinanzeigenUrl: string; vintedUrl: string };
}

/**
 * Names through PUT /api/users/{id}, the rest through the exhibitor profile: PUT when it exists,
 * else POST (a second POST would be a 409).
 */
export async function saveProfile({ userId, profileId, names, profile }: ProfileSave): Promise<void> {
  await api.put<TUser>(`/api/users/${encodeURIComponent(userId)}`, names);
  if (profileId) await api.put<TExhibitorProfile>(`/api/exhibitor-profiles/${encodeURIComponent(profileId)}`, profile);
  else await api.post<TExhibitorProfile>('/api/exhibitor-profiles', { userId, ...profile });
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
        queryClient.invalidateQueries({ queryKey: userQueryKey(userId) }),
      ]),
  });
}
