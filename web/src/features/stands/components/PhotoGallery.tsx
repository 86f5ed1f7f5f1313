import { useState } from 'react';
import { SafeImage } from '@/components/ui/SafeImage';
import { thumbnailUrl } from '@/lib/photo-urls';
import { PhotoModal } from './PhotoModal';

/** The stand's photos: the main picture (opens the modal) and thumbnails to pick one. */
export function PhotoGallery({ photos, title }: { photos: string[]; title: string }) {
  const [current, setCurrent] = useState(0);
  const [modalOpen, setModalOpen] = useState(false);
  if (photos.length === 0) return null;
  const index = Math.min(current, photos.length - 1);
  const main = photos[index] as string;

  return (
    <section className="gallery" aria-label="Fotos">
      <button type="button" className="gallery__main" onClick={() => setModalOpen(true)} aria-label={`Foto ${index + 1} von ${photos.length} vergrößern`}>
        <SafeImage src={main} alt={`${title}, Foto ${index + 1}`} className="gallery__image" />
      </button>
      {photos.length > 1 ? (
        <ul className="gallery__thumbs">
          {photos.map((photo, i) => (
            <li key={photo}>
              <button
                type="button"
                className="gallery__thumb"
                aria-label={`Foto ${i + 1} anzeigen`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => setCurrent(i)}
              >
                <SafeImage src={thumbnailUrl(photo)} alt="" className="gallery__thumb-image" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <PhotoModal photos={photos} title={title} open={modalOpen} index={index} onIndexChange={setCurrent} onClose={() => setModalOpen(false)} />
    </section>
  );
}
