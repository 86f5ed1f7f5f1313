import { SCREENS } from '@flohmarkt/contracts';
import { useEffect, useState } from 'react';
import { thumbnailUrl } from '@/lib/photo-urls';

/** How often a photo that is still being processed is tried again, and for how long. */
export const PHOTO_RETRY_MS = 2000;
const MAX_ATTEMPTS = 90;

export type PhotoState = 'loading' | 'processing' | 'ready' | 'broken';

interface PhotoTileProps {
  photo: string;
  index: number;
  onStateChange: (photo: string, state: PhotoState) => void;
  onDelete: (photo: string) => void;
  deleting: boolean;
}

/**
 * One photo of the stand. Its path answers 404 until the worker has written it (docs/product.md#photos):
 * meanwhile the tile says 'wird verarbeitet' and tries the thumbnail again every 2 seconds.
 */
export function PhotoTile({ photo, index, onStateChange, onDelete, deleting }: PhotoTileProps) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<PhotoState>('loading');

  useEffect(() => onStateChange(photo, state), [photo, state, onStateChange]);

  useEffect(() => {
    if (state !== 'processing') return undefined;
    const timer = setTimeout(() => setAttempt((n) => n + 1), PHOTO_RETRY_MS);
    return () => clearTimeout(timer);
  }, [state, attempt]);

  const src = attempt === 0 ? thumbnailUrl(photo) : `${thumbnailUrl(photo)}?v=${attempt}`;
  const label = `Foto ${index + 1}`;
  return (
    <li className={`photo-tile photo-tile--${state}`}>
      <div className="photo-tile__frame">
        {state === 'broken' ? (
          <span className="image-fallback photo-tile__image">{SCREENS.imageLoadFailed}</span>
        ) : (
          <img
            key={src}
            src={src}
            alt={label}
            className="photo-tile__image"
            hidden={state !== 'ready'}
            onLoad={() => setState('ready')}
            onError={() => setState(attempt + 1 >= MAX_ATTEMPTS ? 'broken' : 'processing')}
          />
        )}
        {state === 'processing' || state === 'loading' ? (
          <span className="photo-tile__processing" role="status">
            <span className="spinner__circle" aria-hidden="true" />
            {state === 'processing' ? `${label} wird verarbeitet …` : `${label} wird geladen …`}
          </span>
        ) : null}
      </div>
      <button type="button" className="button button--ghost-danger button--small" onClick={() => onDelete(photo)} disabled={deleting} aria-label={`${label} löschen`}>
        Löschen
      </button>
    </li>
  );
}
