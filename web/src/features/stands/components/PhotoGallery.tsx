import { TOASTS, type TStandPhotoState } from '@flohmarkt/contracts';
import { useState } from 'react';
import { SafeImage } from '@/components/ui/SafeImage';
import { thumbnailUrl } from '@/lib/photo-urls';
import { PhotoModal } from './PhotoModal';

/** A photo that has nothing to show yet (being processed) or never will (failed, with the reason). */
function PhotoPlaceholder({ photo, className }: { photo: TStandPhotoState; className: string }) {
  return photo.state === 'failed' ? (
    <span className={`image-fallback ${className}`} role="alert">
      {photo.reason ?? TOASTS.imageProcessingFailed}
    </span>
  ) : (
    <span className={`image-fallback ${className}`} role="status">
      Foto wird verarbeitet …
    </span>
  );
}

/**
 * The stand's photos: the main picture (opens the modal) and thumbnails to pick one. A photo
 * still being processed shows a placeholder until the stand read says it is ready; the modal
 * shows the ready ones.
 */
export function PhotoGallery({ photos, title }: { photos: TStandPhotoState[]; title: string }) {
  const [current, setCurrent] = useState(0);
  const [modalOpen, setModalOpen] = useState(false);
  if (photos.length === 0) return null;
  const index = Math.min(current, photos.length - 1);
  const main = photos[index] as TStandPhotoState;
  const ready = photos.filter((photo) => photo.state === 'ready').map((photo) => photo.path);

  return (
    <section className="gallery" aria-label="Fotos">
      {main.state === 'ready' ? (
        <button type="button" className="gallery__main" onClick={() => setModalOpen(true)} aria-label={`Foto ${index + 1} von ${photos.length} vergrößern`}>
          <SafeImage src={main.path} alt={`${title}, Foto ${index + 1}`} className="gallery__image" />
        </button>
      ) : (
        <div className="gallery__main">
          <PhotoPlaceholder photo={main} className="gallery__image" />
        </div>
      )}
      {photos.length > 1 ? (
        <ul className="gallery__thumbs">
          {photos.map((photo, i) => (
            <li key={photo.path}>
              <button
                type="button"
                className="gallery__thumb"
                aria-label={`Foto ${i + 1} anzeigen`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => setCurrent(i)}
              >
                {photo.state === 'ready' ? (
                  <SafeImage src={thumbnailUrl(photo.path)} alt="" className="gallery__thumb-image" loading="lazy" />
                ) : (
                  <span className="image-fallback gallery__thumb-image" aria-hidden="true" />
                )}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <PhotoModal
        photos={ready}
        title={title}
        open={modalOpen && main.state === 'ready'}
        index={Math.max(0, ready.indexOf(main.path))}
        onIndexChange={(next) => setCurrent(photos.findIndex((photo) => photo.path === ready[next]))}
        onClose={() => setModalOpen(false)}
      />
    </section>
  );
}
