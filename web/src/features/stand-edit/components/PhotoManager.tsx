import { LIMITS, TOASTS, type TStand } from '@flohmarkt/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { toast, toastError } from '@/components/ui/toast/use-toast';
import { reportError } from '@/components/auth-guard/lib/session-expired';
import { standQueryOptions } from '@/features/stands/api/get-stand';
import { useDeletePhoto } from '../api/stand-photos';
import { PHOTO_RETRY_MS, PhotoTile, type PhotoState } from './PhotoTile';
import { PhotoUploader } from './PhotoUploader';

/**
 * The stand's photos (at most 3): tiles with delete, and the uploader. While a photo is still
 * being processed the stand is read again every 2 seconds, so a photo the worker had to drop
 * disappears and its reason ('photoError') shows.
 */
export function PhotoManager({ stand }: { stand: TStand }) {
  const [states, setStates] = useState<Record<string, PhotoState>>({});
  const [toDelete, setToDelete] = useState<string | null>(null);
  const remove = useDeletePhoto(stand);
  const processing = stand.photos.some((photo) => states[photo] === 'processing');
  // Same cache entry as the page's stand query: polling it refreshes the page too.
  useQuery({ ...standQueryOptions(stand.id), refetchInterval: processing ? PHOTO_RETRY_MS : false });

  const onStateChange = useCallback((photo: string, state: PhotoState) => {
    setStates((current) => (current[photo] === state ? current : { ...current, [photo]: state }));
  }, []);

  // A photo that was being processed and is gone from the list was dropped by the worker.
  const previous = useRef(stand.photos);
  useEffect(() => {
    const dropped = previous.current.filter((photo) => !stand.photos.includes(photo) && states[photo] === 'processing');
    previous.current = stand.photos;
    if (dropped.length > 0 && stand.photoError) toastError(TOASTS.imageProcessingFailed);
  }, [stand.photos, stand.photoError, states]);

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete, {
      onSuccess: () => toast({ title: TOASTS.photoDeleted }),
      onError: (error) => reportError(error, TOASTS.photoDeleteFailed),
      onSettled: () => setToDelete(null),
    });
  };

  return (
    <section className="form-group photo-manager" aria-labelledby="photos-title">
      <h2 id="photos-title" className="form-group__title">
        Fotos <span className="muted">({stand.photos.length} von {LIMITS.maxPhotosPerStand})</span>
      </h2>
      {stand.photoError ? (
        <p className="notice notice--error" role="alert">
          {stand.photoError}
        </p>
      ) : null}
      {stand.photos.length > 0 ? (
        <ul className="photo-grid">
          {stand.photos.map((photo, index) => (
            <PhotoTile key={photo} photo={photo} index={index} onStateChange={onStateChange} onDelete={setToDelete} deleting={remove.isPending} />
          ))}
        </ul>
      ) : (
        <p className="muted">Noch keine Fotos.</p>
      )}
      <PhotoUploader stand={stand} remaining={LIMITS.maxPhotosPerStand - stand.photos.length} />
      <ConfirmDialog
        open={toDelete !== null}
        title="Foto löschen?"
        confirmLabel="Foto löschen"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      >
        <p>Das Foto wird endgültig von deinem Stand entfernt.</p>
      </ConfirmDialog>
    </section>
  );
}
