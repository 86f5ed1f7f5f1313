import type { TItem } from '@flohmarkt/contracts';
import { useId, useState, type ChangeEvent } from 'react';
import { FormMessage } from '@/components/form/Field';
import { handleSessionExpired } from '@/components/auth-guard/lib/session-expired';
import { readPhoto } from '@/components/photos/read-photo';
import { isUnauthorizedError } from '@/lib/api-client';
import { useItemPhotoWrites } from '../api/item-photos';
import type { GuestAccess } from '@/lib/guest-access';

const SAVED_UNTIL_PROCESSED = 'Foto gespeichert. Es erscheint, sobald es verarbeitet ist.';
const SAVED_UNTIL_APPROVAL = 'Foto gespeichert. Alle anderen sehen es, sobald dein Stand freigegeben ist.';

/**
 * The photo of one item for whoever may edit it: choose one (a file or the camera; only images, and a
 * file larger than the server takes is shrunk first, as for stand photos), choose another to replace
 * it, or remove it. What happened is announced; a refusal is said as the server sent it. A guest
 * whose stand waits for approval is told that everyone else sees the photo from then (`shownOnApproval`).
 * „Es erscheint, sobald es verarbeitet ist“ holds until the row has shown the photo (`photoShown`).
 */
export function ItemPhotoEditor({
  item,
  access,
  shownOnApproval = false,
  photoShown = false,
}: {
  item: TItem;
  access: GuestAccess;
  shownOnApproval?: boolean;
  photoShown?: boolean;
}) {
  const { upload, remove } = useItemPhotoWrites(item, access);
  const [message, setMessage] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const busy = upload.isPending || remove.isPending;

  const failed = (error: Error) => (isUnauthorizedError(error) ? handleSessionExpired() : setProblem(error.message));

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file chosen again is a new choice.
    event.target.value = '';
    if (!file) return;
    setMessage(null);
    setProblem(null);
    let body;
    try {
      body = await readPhoto(file);
    } catch (error) {
      return setProblem((error as Error).message);
    }
    upload.mutate(body, { onSuccess: () => setMessage(shownOnApproval ? SAVED_UNTIL_APPROVAL : SAVED_UNTIL_PROCESSED), onError: failed });
  };

  const drop = () => {
    setMessage(null);
    setProblem(null);
    remove.mutate(undefined, { onSuccess: () => setMessage('Foto entfernt.'), onError: failed });
  };

  const chooseLabel = item.photo ? 'Foto ersetzen' : 'Foto hinzufügen';
  return (
    <div className="item-photo-editor">
      <label htmlFor={inputId} className="button button--ghost button--small item-photo-editor__choose" data-disabled={busy || undefined}>
        {upload.isPending ? 'Wird hochgeladen …' : chooseLabel}
      </label>
      <input
        id={inputId}
        type="file"
        accept="image/*"
        className="visually-hidden"
        disabled={busy}
        aria-label={`${chooseLabel}: ${item.title}`}
        onChange={(event) => void choose(event)}
      />
      {item.photo ? (
        <button
          type="button"
          className="button button--ghost-danger button--small"
          disabled={busy}
          onClick={drop}
          aria-label={`Foto von „${item.title}“ entfernen`}
        >
          Foto entfernen
        </button>
      ) : null}
      <p className="item-photo-editor__note" role="status">
        {message === SAVED_UNTIL_PROCESSED && photoShown
          ? 'Foto gespeichert.'
          : (message ?? (shownOnApproval && item.photo ? 'Alle anderen sehen das Foto ab der Freigabe deines Stands.' : null))}
      </p>
      <FormMessage message={problem} />
    </div>
  );
}
