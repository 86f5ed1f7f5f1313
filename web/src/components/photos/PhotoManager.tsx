import { LIMITS, TOASTS, type TStand } from '@flohmarkt/contracts';
import { useEffect, useRef, type ReactNode } from 'react';
import { ConfirmDialog, useConfirmation } from '@/components/ui/ConfirmDialog';
import { toast, toastError } from '@/components/ui/toast/use-toast';
import { reportError } from '@/components/auth-guard/lib/session-expired';
import { photoStates } from '@/lib/photo-states';
import { useDeletePhoto } from '@/features/stand-edit/api/stand-photos';
import type { GuestAccess } from '@/lib/guest-access';
import { PhotoTile } from './PhotoTile';
import { PhotoUploader } from './PhotoUploader';
import { takeLostFocus } from '@/lib/take-lost-focus';

/**
 * The stand's photos (at most 3): tiles with delete, and the uploader. While a photo is still
 * being processed the page's stand query reads the stand again every 2 seconds (get-stand.ts,
 * guest-stand.ts), so a photo shows once it is ready, and one the worker had to drop disappears and
 * its reason ('photoError') shows. A guest manages theirs by the manage link's token (`access`), and
 * sees them before anyone else may: fetched with the token until the stand is approved.
 */
interface PhotoManagerProps {
  stand: TStand;
  access?: GuestAccess;
  /** `card`: a card of its own among a page's cards (the guest's manage page); else a group of the edit form. */
  layout?: 'form' | 'card';
  /** Said below the uploader. */
  note?: ReactNode;
}

export function PhotoManager({ stand, access = {}, layout = 'form', note }: PhotoManagerProps) {
  const remove = useDeletePhoto(stand, access);
  const privateTo = stand.status === 'approved' ? undefined : access.manageToken;
  const title = useRef<HTMLHeadingElement>(null);
  const deleted = useRef<string | null>(null);
  const toDelete = useConfirmation<string>((path, done) =>
    remove.mutate(path, {
      onSuccess: () => {
        deleted.current = path;
        toast({ title: TOASTS.photoDeleted });
      },
      onError: (error) => reportError(error, TOASTS.photoDeleteFailed),
      onSettled: done,
    }),
  );
  const photos = photoStates(stand);

  // A photo that was being processed and is gone from the list was dropped by the worker.
  const processing = photos
    .filter((photo) => photo.state === 'processing')
    .map((photo) => photo.path)
    .join('\n');
  const previous = useRef(processing);
  useEffect(() => {
    const dropped = previous.current.split('\n').filter((path) => path && !stand.photos.includes(path));
    previous.current = processing;
    if (dropped.length > 0 && stand.photoError) toastError(TOASTS.imageProcessingFailed);
  }, [processing, stand.photos, stand.photoError]);

  // The dialog gives the focus back to the photo's „Löschen“, which leaves with the photo: the focus
  // would fall to the page (a screen reader starts over at the top). The photos' title takes it.
  useEffect(() => {
    if (deleted.current === null || stand.photos.includes(deleted.current)) return;
    deleted.current = null;
    takeLostFocus(() => title.current);
  }, [stand.photos]);

  return (
    <section className={layout === 'card' ? 'card photo-manager photo-manager--card' : 'form-group photo-manager'} aria-labelledby="photos-title">
      <h2 id="photos-title" ref={title} tabIndex={-1} className={layout === 'card' ? 'card__title' : 'form-group__title'}>
        Fotos{' '}
        <span className="muted">
          ({stand.photos.length} von {LIMITS.maxPhotosPerStand})
        </span>
      </h2>
      {stand.photoError ? (
        <p className="notice notice--error" role="alert">
          {stand.photoError}
        </p>
      ) : null}
      {stand.photos.length > 0 ? (
        <ul className="photo-grid">
          {photos.map((photo, index) => (
            <PhotoTile key={photo.path} photo={photo} index={index} onDelete={toDelete.ask} deleting={remove.isPending} privateTo={privateTo} />
          ))}
        </ul>
      ) : (
        <p className="muted">Noch keine Fotos.</p>
      )}
      <PhotoUploader stand={stand} remaining={LIMITS.maxPhotosPerStand - stand.photos.length} access={access} />
      {note ? <p className="field-hint">{note}</p> : null}
      <ConfirmDialog {...toDelete.dialog} title="Foto löschen?" confirmLabel="Foto löschen" busy={remove.isPending}>
        <p>Das Foto wird endgültig von deinem Stand entfernt.</p>
      </ConfirmDialog>
    </section>
  );
}
