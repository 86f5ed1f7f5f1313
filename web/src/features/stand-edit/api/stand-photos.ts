import { DELETE_STAND_PHOTO, UPLOAD_STAND_PHOTO, type CallBody, type TPhotosResponse, type TStand } from '@flohmarkt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { guestStandQueryKey } from '@/features/guest-manage/api/guest-stand';
import { eventStandsQueryKey } from '@/features/stands/api/get-event-stands';
import { standQueryKey } from '@/features/stands/api/get-stand';
import { callUrl } from '@/lib/api-call';
import { ApiError, NoConnectionError, withIdempotencyKey } from '@/lib/api-client';
import { callWithAccess, tokenHeaders, type GuestAccess } from '@/lib/guest-access';
import { photoStatesAfter } from '@/lib/photo-states';

function errorText(body: unknown, status: number): string {
  if (typeof body === 'object' && body !== null) {
    const { message, error } = body as { message?: unknown; error?: unknown };
    if (typeof message === 'string' && message.trim()) return message;
    if (typeof error === 'string' && error.trim()) return error;
  }
  return `HTTP error! status: ${status}`;
}

/**
 * UPLOAD_STAND_PHOTO with upload progress (fetch cannot report it, XMLHttpRequest can), signed in or
 * as a guest by the manage token. Errors carry the body's `message` (or `error`) like every other
 * call of the app. Safe to retry: sent with an Idempotency-Key and retried once after a 503 or a lost
 * connection (api-client.ts).
 */
export function uploadPhoto(
  standId: string,
  body: CallBody<typeof UPLOAD_STAND_PHOTO>,
  onProgress: (fraction: number) => void,
  access: GuestAccess = {},
): Promise<TPhotosResponse> {
  const json = JSON.stringify(body);
  const url = callUrl(UPLOAD_STAND_PHOTO, { params: { id: standId } });
  return withIdempotencyKey(`${UPLOAD_STAND_PHOTO.method} ${url} ${json}`, (headers) =>
    sendPhoto(url, json, { ...headers, ...tokenHeaders(access) }, onProgress),
  );
}

function sendPhoto(url: string, json: string, headers: Record<string, string>, onProgress: (fraction: number) => void): Promise<TPhotosResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(UPLOAD_STAND_PHOTO.method, url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let parsed: unknown;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        parsed = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(parsed as TPhotosResponse);
      else reject(new ApiError(errorText(parsed, xhr.status), xhr.status, parsed));
    };
    // No answer at all reads like every other call's ('Keine Verbindung. …'), never a browser's English text.
    xhr.onerror = () => reject(new NoConnectionError());
    xhr.send(json);
  });
}

/**
 * Writes the new photo list into the cached stand (a new photo is processing; a guest's: their manage
 * page's read) and reloads the lists that show photos.
 */
export function usePhotosChanged(stand: Pick<TStand, 'id' | 'eventId'>, access: GuestAccess = {}) {
  const queryClient = useQueryClient();
  const queryKey = access.manageToken ? guestStandQueryKey(access.manageToken) : standQueryKey(stand.id);
  return (answer: TPhotosResponse) => {
    queryClient.setQueryData<TStand>(queryKey, (current) =>
      current ? { ...current, photos: answer.photos, photoStates: photoStatesAfter(current.photoStates, answer.photos), photoError: null } : current,
    );
    void queryClient.invalidateQueries({ queryKey: eventStandsQueryKey(stand.eventId) });
  };
}

export function useDeletePhoto(stand: Pick<TStand, 'id' | 'eventId'>, access: GuestAccess = {}) {
  const changed = usePhotosChanged(stand, access);
  return useMutation({
    mutationFn: (photoPath: string) => callWithAccess(DELETE_STAND_PHOTO, { params: { id: stand.id }, body: { photoPath } }, access),
    onSuccess: changed,
  });
}
