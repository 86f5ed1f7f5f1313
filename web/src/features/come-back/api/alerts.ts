import { CREATE_ALERT, DELETE_ALERT, LIST_ALERTS, RESUME_ALERT_MAILS, sameAlert, type CallBody, type TAlert } from '@flohmarkt/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toastError } from '@/components/ui/toast/use-toast';
import { callApi, callQueryKey, callQueryOptions } from '@/lib/api-call';
import { isApiError } from '@/lib/api-client';
import { alertLabel } from '../lib/alert-place';
import { ALERT_TEXTS } from '../lib/come-back-texts';
import { failureMessage } from '../lib/error-message';

/** The heading of the alerts on /settings (AlertsSection's list, `{id}-title`): links to them land there. */
export const ALERTS_TITLE_ID = 'alerts-title';

/** The signed-in user's Flohmarkt-Alarme (issue 34), per user like the follows. */
export function alertsQueryKey(userId: string): readonly unknown[] {
  return [...callQueryKey(LIST_ALERTS), { userId }];
}

/** GET /api/me/alerts: the newest first. */
export function useAlerts(userId: string) {
  return useQuery({ ...callQueryOptions(LIST_ALERTS), queryKey: alertsQueryKey(userId) });
}

/** What POST /api/me/alerts takes (the words of a wish alert may be left out). */
export type AlertBody = CallBody<typeof CREATE_ALERT>;

/** POST /api/me/alerts; the new alert joins the list at the top. A refusal (e.g. more than 10) is the mutation's error, in German. */
export function useCreateAlert(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alert: AlertBody) => callApi(CREATE_ALERT, { body: alert }),
    onSuccess: (created) => {
      queryClient.setQueryData<TAlert[]>(alertsQueryKey(userId), (cached) => (cached ? [created, ...cached.filter((a) => a.id !== created.id)] : cached));
    },
  });
}

/** A search to keep as a wish alert: its words, its place's point and name, its radius. */
export interface WishAlertSearch {
  query: string;
  lat: number;
  lng: number;
  radiusKm: number;
  /** The place as picked ('' when the search has only a point). */
  label: string;
}

/**
 * „Als Suchauftrag speichern“ (issue 35): POST /api/me/alerts with the search's words, so the server
 * mails newly listed items that match. `errorMessage` is the server's German refusal (e.g. ten alerts
 * already), else a German fallback.
 */
export function useCreateWishAlert(userId: string) {
  const create = useCreateAlert(userId);
  return {
    save: (search: WishAlertSearch) =>
      create.mutate({
        lat: search.lat,
        lng: search.lng,
        radiusKm: search.radiusKm,
        label: search.label.trim() ? alertLabel(search.label) : null,
        query: search.query,
      }),
    saving: create.isPending,
    saved: create.isSuccess,
    errorMessage: create.isError ? failureMessage(create.error, ALERT_TEXTS.wishSaveFailed) : null,
  };
}

/**
 * The user's wish alert a search would save again (same words in any case and spacing, point and
 * radius), read from GET /api/me/alerts: `pending` while the list is read, `alert` null when there is
 * none or the list could not be read (saving then stays offered; the server keeps one alert anyway).
 */
export function useSavedWish(userId: string, search: Pick<WishAlertSearch, 'query' | 'lat' | 'lng' | 'radiusKm'>) {
  const alerts = useAlerts(userId);
  // A search saves no categories (contracts' sameAlert: the service's own rule for one alert saved twice).
  const alert = alerts.data?.find((saved) => sameAlert(saved, { ...search, categories: [] })) ?? null;
  return { pending: alerts.isPending, alert };
}

const DELETE_FAILED = 'Der Flohmarkt-Alarm konnte nicht gelöscht werden. Bitte versuche es erneut.';

/** DELETE /api/me/alerts/{id}: gone from the list at once, back with the server's German message when the call fails. */
export function useDeleteAlert(userId: string) {
  const queryClient = useQueryClient();
  const key = alertsQueryKey(userId);
  return useMutation({
    mutationFn: (alert: TAlert) => callApi(DELETE_ALERT, { params: { id: alert.id } }),
    onMutate: (alert) => {
      const before = queryClient.getQueryData<TAlert[]>(key);
      queryClient.setQueryData<TAlert[]>(key, (cached) => cached?.filter((a) => a.id !== alert.id));
      return { index: before?.findIndex((a) => a.id === alert.id) ?? -1 };
    },
    onError: (error, alert, context) => {
      // Already gone on the server (deleted in another tab): what the user wanted, nothing to put back.
      if (isApiError(error) && error.status === 404) return;
      queryClient.setQueryData<TAlert[]>(key, (cached) => {
        if (!cached || cached.some((a) => a.id === alert.id)) return cached;
        const at = context && context.index >= 0 ? Math.min(context.index, cached.length) : 0;
        return [...cached.slice(0, at), alert, ...cached.slice(at)];
      });
      toastError(failureMessage(error, DELETE_FAILED));
    },
  });
}

/**
 * DELETE /api/me/alerts/{id}/mail-opt-out: „E-Mails wieder erhalten“ of an alert whose mails were switched
 * off by a mail's link. Shown as on only once the server has switched them on; a failure is a toast with its German reason.
 */
export function useResumeAlertMails(userId: string) {
  const queryClient = useQueryClient();
  const key = alertsQueryKey(userId);
  return useMutation({
    mutationFn: (alert: TAlert) => callApi(RESUME_ALERT_MAILS, { params: { id: alert.id } }),
    onSuccess: (_answer, alert) => {
      queryClient.setQueryData<TAlert[]>(key, (cached) => cached?.map((a) => (a.id === alert.id ? { ...a, mailsOff: false } : a)));
    },
    onError: (error) => {
      // Gone meanwhile (deleted in another tab): the list read again says so.
      if (isApiError(error) && error.status === 404) void queryClient.invalidateQueries({ queryKey: key });
      toastError(failureMessage(error, ALERT_TEXTS.resumeFailed));
    },
  });
}
