import { TOASTS, type TStandPhotoState } from '@flohmarkt/contracts';
import { thumbnailUrl } from '@/lib/photo-urls';
import { PhotoImage } from './PhotoImage';

interface PhotoTileProps {
  photo: TStandPhotoState;
  index: number;
  onDelete: (photo: string) => void;
  deleting: boolean;
  /** A guest's manage token while their stand is not public: the thumbnail is fetched with it (use-photo-source.ts). */
  privateTo?: string;
}

/**
 * One photo of the stand, as the stand read says it stands (docs/product.md#photos): 'wird
 * verarbeitet' until the worker has written it, then the thumbnail; a failed photo shows why.
 * The page reads the stand again meanwhile; the tile never asks the photo's URL before it is ready.
 */
export function PhotoTile({ photo, index, onDelete, deleting, privateTo }: PhotoTileProps) {
  const label = `Foto ${index + 1}`;
  return (
    <li className={`photo-tile photo-tile--${photo.state}`}>
      <div className="photo-tile__frame">
        {photo.state === 'ready' ? (
          <PhotoImage src={thumbnailUrl(photo.path)} alt={label} className="photo-tile__image" privateTo={privateTo} loadingLabel={`${label} wird geladen …`} />
        ) : null}
        {photo.state === 'processing' ? (
          <span className="photo-tile__processing" role="status">
            <span className="spinner__circle" aria-hidden="true" />
            {`${label} wird verarbeitet …`}
          </span>
        ) : null}
        {photo.state === 'failed' ? (
          <span className="photo-tile__processing photo-tile__failed" role="alert">
            {photo.reason ?? TOASTS.imageProcessingFailed}
          </span>
        ) : null}
      </div>
      <button
        type="button"
        className="button button--ghost-danger button--small"
        onClick={() => onDelete(photo.path)}
        disabled={deleting}
        aria-label={`${label} löschen`}
      >
        Löschen
      </button>
    </li>
  );
}
