import { FOLLOW_ORGANIZER, LIST_FOLLOWS, RESUME_FOLLOW_MAILS, UNFOLLOW_ORGANIZER, type TFollows } from '@flohmarkt/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toastError } from '@/components/ui/toast/use-toast';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { callApi, callQueryKey, callQueryOptions } from '@/lib/api-call';
import { failureMessage } from '../lib/error-message';
import { withFollow } from '../lib/follow-list';

/*
 * "Veranstalter folgen" (issue 34). Only call declarations come from the contracts here (the build
 * hands the app those without their schemas): the button shows on the event page, whose first paint
 * loads no zod (issue 21).
 */

/** The organisers the signed-in user follows, per user: another user signing in on this page never sees them. */
export function followsQueryKey(userId: string | null): readonly unknown[] {
  return [...callQueryKey(LIST_FOLLOWS), { userId: userId ?? '' }];
}

const FAILED = {
  follow: 'Das Folgen hat nicht geklappt. Bitte versuche es erneut.',
  unfollow: 'Das Entfolgen hat nicht geklappt. Bitte versuche es erneut.',
  resume: 'Die E-Mails konnten nicht wieder eingeschaltet werden. Bitte versuche es erneut.',
} as const;

/** GET /api/me/follows of the signed-in user; `enabled` false skips the read. */
export function useFollows(enabled = true) {
  const { user } = useCurrentUser();
  const userId = user?.id ?? null;
  const query = useQuery({ ...callQueryOptions(LIST_FOLLOWS), queryKey: followsQueryKey(userId), enabled: enabled && userId !== null });
  return { userId, query };
}

/**
 * One organiser's follow: `available` for a signed-in user who is not that organiser, once the follows
 * are read. `set` shows the new state at once, like the heart, and takes it back with the server's
 * German message when the call fails; one organiser's writes go in the order they were made.
 */
export function useFollow(organizerId: string) {
  const { user } = useCurrentUser();
  const own = user?.id === organizerId;
  const { userId, query } = useFollows(!own);
  const key = followsQueryKey(userId);
  const queryClient = useQueryClient();
  const remote = useMutation({
    scope: { id: `follow:${organizerId}` },
    mutationFn: (next: boolean) =>
      next ? callApi(FOLLOW_ORGANIZER, { params: { userId: organizerId } }) : callApi(UNFOLLOW_ORGANIZER, { params: { userId: organizerId } }),
    onError: (error, next) => {
      queryClient.setQueryData<TFollows>(key, (cached) => withFollow(cached, organizerId, !next));
      // Put back as it was, its mails included (switched off or not): the server's list says.
      void queryClient.invalidateQueries({ queryKey: key });
      toastError(failureMessage(error, next ? FAILED.follow : FAILED.unfollow));
    },
  });
  const resume = useMutation({
    scope: { id: `follow:${organizerId}` },
    mutationFn: () => callApi(RESUME_FOLLOW_MAILS, { params: { userId: organizerId } }),
    onSuccess: () =>
      queryClient.setQueryData<TFollows>(key, (cached) => cached && { ...cached, mailsOff: cached.mailsOff?.filter((id) => id !== organizerId) }),
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: key });
      toastError(failureMessage(error, FAILED.resume));
    },
  });
  const set = (next: boolean) => {
    if (userId === null || own) return;
    queryClient.setQueryData<TFollows>(key, (cached) => withFollow(cached, organizerId, next));
    remote.mutate(next);
  };
  return {
    available: userId !== null && !own && query.data !== undefined,
    on: query.data?.organizers.includes(organizerId) ?? false,
    set,
    /** Its mails were switched off by a mail's link (the follow is kept). */
    mailsOff: query.data?.mailsOff?.includes(organizerId) ?? false,
    /** DELETE …/mail-opt-out: „E-Mails wieder erhalten“, shown as on once the server has switched them on; `onDone` then. */
    resumeMails: (onDone: () => void) => resume.mutate(undefined, { onSuccess: onDone }),
    resuming: resume.isPending,
  };
}
