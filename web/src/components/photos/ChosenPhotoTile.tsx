import { useEffect, useState } from 'react';
import { SafeImage } from '@/components/ui/SafeImage';
import { thumbnailUrl } from '@/lib/photo-urls';
import type { ChosenPhoto, PhotoUploadState } from './chosen-photos';

/** The preview of a chosen photo: an object URL of the file (freed when the tile goes), or the earlier stand's thumbnail. */
function usePreview(photo: ChosenPhoto): string | null {
  const file = photo.kind === 'file' ? photo.file : null;
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    // jsdom has no object URLs; a browser always does.
    if (!file || typeof URL.createObjectURL !== 'function') return undefined;
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return photo.kind === 'earlier' ? thumbnailUrl(photo.path) : url;
}

function UploadStatus({ label, state }: { label: string; state: PhotoUploadState | undefined }) {
  if (!state) return null;
  if (state.phase === 'waiting') return <span className="photo-picker__status">Wartet auf den Upload …</span>;
  if (state.phase === 'uploading') {
    const percent = Math.round(state.progress * 100);
    return (
      <span className="photo-picker__status">
        <progress max={1} value={state.progress} aria-label={`Fortschritt: ${label}`} />
        <span aria-live="polite">{percent} % hochgeladen</span>
      </span>
    );
  }
  if (state.phase === 'done') return <span className="photo-picker__status photo-picker__status--done">Hochgeladen ✓</span>;
  return (
    <span className="field-error photo-picker__failure" role="alert">
      {state.message}
    </span>
  );
}

interface ChosenPhotoTileProps {
  photo: ChosenPhoto;
  index: number;
  state: PhotoUploadState | undefined;
  /** Absent while the photo is being sent or once it is uploaded: then it cannot be taken back here. */
  onRemove?: () => void;
  /** While the form is sent: the button stays where it is, unusable (a vanishing button moves what is below under the finger). */
  removeDisabled?: boolean;
}

/** One chosen photo: its preview, where its upload stands, and a button to take it out again. */
export function ChosenPhotoTile({ photo, index, state, onRemove, removeDisabled = false }: ChosenPhotoTileProps) {
  const preview = usePreview(photo);
  const label = `Foto ${index + 1}`;
  return (
    <li className="photo-picker__tile">
      <div className="photo-picker__frame">{preview ? <SafeImage src={preview} alt={`${label}: ${photo.name}`} className="photo-picker__image" /> : null}</div>
      <span className="photo-picker__name" title={photo.name}>
        {photo.name}
      </span>
      <UploadStatus label={label} state={state} />
      {onRemove ? (
        <button
          type="button"
          className="button button--ghost-danger button--small"
          onClick={onRemove}
          disabled={removeDisabled}
          aria-label={`${label} entfernen`}
        >
          Entfernen
        </button>
      ) : null}
    </li>
  );
}
