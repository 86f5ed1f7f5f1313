import { LIMITS, TOASTS, type TStand } from '@flohmarkt/contracts';
import { useState } from 'react';
import { toast } from '@/components/ui/toast/use-toast';
import { PhotoPicker } from '@/components/photos/PhotoPicker';
import type { ChosenPhoto, PhotoUploadState } from '@/components/photos/chosen-photos';
import { uploadChosenPhotos } from '@/components/photos/upload-chosen-photos';
import { usePhotosChanged } from '@/features/stand-edit/api/stand-photos';
import type { GuestAccess } from '@/lib/guest-access';

/**
 * Choose photos (several at once, or with the camera) and they are uploaded at once, one after the
 * other, each with its progress: the edit page says photos are kept right away, and a button of their
 * own was passed by („Änderungen speichern“ left them behind). A photo that fails keeps its tile with
 * the reason ('Das Foto konnte nicht hochgeladen werden: …') and can be sent again or taken out; the
 * uploaded ones leave the picker for the stand's tiles above.
 */
export function PhotoUploader({ stand, remaining, access = {} }: { stand: TStand; remaining: number; access?: GuestAccess }) {
  const [chosen, setChosen] = useState<ChosenPhoto[]>([]);
  const [states, setStates] = useState<Record<string, PhotoUploadState>>({});
  const [sending, setSending] = useState(false);
  const changed = usePhotosChanged(stand, access);

  const send = async (batch: ChosenPhoto[]) => {
    if (batch.length === 0) return;
    setSending(true);
    const summary = await uploadChosenPhotos(
      stand.id,
      batch,
      {
        onState: (key, state) => setStates((current) => ({ ...current, [key]: state })),
        onUploaded: changed,
      },
      access,
    );
    setSending(false);
    const sent = new Set(batch.map((photo) => photo.key));
    setChosen((current) => current.filter((photo) => !sent.has(photo.key) || summary.failed.includes(photo.key)));
    if (summary.uploaded > 0) {
      toast({
        title: TOASTS.photoUploaded,
        description: summary.uploaded === 1 ? 'Das Foto erscheint, sobald es verarbeitet ist.' : 'Die Fotos erscheinen, sobald sie verarbeitet sind.',
      });
    }
  };

  const choose = (photos: ChosenPhoto[]) => {
    const added = photos.filter((photo) => !chosen.some((earlier) => earlier.key === photo.key));
    setChosen(photos);
    // A photo that failed and is chosen again starts without its old sentence.
    setStates((current) => Object.fromEntries(Object.entries(current).filter(([key]) => photos.some((p) => p.key === key))));
    void send(added);
  };

  if (remaining <= 0 && chosen.length === 0) {
    return <p className="field-hint">Dein Stand hat bereits {LIMITS.maxPhotosPerStand} Fotos. Lösche eines, um ein neues hochzuladen.</p>;
  }

  return (
    <div className="photo-uploader">
      <PhotoPicker photos={chosen} onChange={choose} max={Math.max(remaining, 0)} states={states} disabled={sending} legend="Fotos hinzufügen" counts="room" />
      {chosen.length > 0 ? (
        <div className="form-actions">
          <button type="button" className="button button--primary button--small" disabled={sending} onClick={() => void send(chosen)}>
            {sending ? 'Wird hochgeladen …' : chosen.length === 1 ? 'Erneut hochladen' : `${chosen.length} Fotos erneut hochladen`}
          </button>
        </div>
      ) : null}
    </div>
  );
}
