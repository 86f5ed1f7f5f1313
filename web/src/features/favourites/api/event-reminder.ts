import { ADD_FAVOURITE, LIST_FAVOURITES } from '@flohmarkt/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toastError } from '@/components/ui/toast/use-toast';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { callApi, callQueryOptions } from '@/lib/api-call';
import { hasReminder, withReminder, type AccountFavourites } from '../lib/reminders';
import { favouriteWritesScope, favouritesQueryKey, useFavouriteIds } from './favourites';

/** remind=true keeps the event and switches its reminder on, remind=false keeps it and switches it off. */
const putReminder = (eventId: string, on: boolean) =>
  callApi(ADD_FAVOURITE, { params: { kind: 'events', id: eventId }, query: { remind: on ? 'true' : 'false' } });

const FAILED = {
  on: 'Die Erinnerung konnte nicht eingeschaltet werden. Bitte versuche es erneut.',
  off: 'Die Erinnerung konnte nicht ausgeschaltet werden. Bitte versuche es erneut.',
} as const;

/**
 * "Am Vorabend erinnern" of a kept event (issue 34). `available`: a signed-in user keeps the event and
 * the account's favourites are read (the mail goes to an account, so a visitor has no switch). `set`
 * shows the new state at once, like the star, and takes it back with a message when the server refuses.
 */
export function useEventReminder(eventId: string) {
  const { user } = useCurrentUser();
  const userId = user?.id ?? null;
  const kept = useFavouriteIds('events').includes(eventId);
  const queryClient = useQueryClient();
  const key = favouritesQueryKey(userId);
  const { data } = useQuery({ ...callQueryOptions(LIST_FAVOURITES), queryKey: key, enabled: userId !== null });
  const on = hasReminder(data, eventId);
  const remote = useMutation({
    // In line with the heart's writes of this event: a quick on-off must not end on, nor a heart taken back be kept again.
    scope: { id: favouriteWritesScope('events', eventId) },
    mutationFn: (next: boolean) => putReminder(eventId, next),
    onError: (_error, next) => {
      queryClient.setQueryData<AccountFavourites>(key, (cached) => withReminder(cached, eventId, !next));
      toastError(next ? FAILED.on : FAILED.off);
    },
  });
  const set = (next: boolean) => {
    if (userId === null) return;
    queryClient.setQueryData<AccountFavourites>(key, (cached) => withReminder(cached, eventId, next));
    remote.mutate(next);
  };
  return { available: userId !== null && kept && data !== undefined, on, set };
}
