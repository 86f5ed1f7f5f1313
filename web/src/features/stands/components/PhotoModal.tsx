import { Dialog } from '@/components/ui/Dialog';
import { SafeImage } from '@/components/ui/SafeImage';

interface PhotoModalProps {
  photos: string[];
  title: string;
  open: boolean;
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

/** Large photos with previous and next (also the arrow keys) and one indicator per photo. */
export function PhotoModal({ photos, title, open, index, onIndexChange, onClose }: PhotoModalProps) {
  const count = photos.length;
  const go = (step: number) => onIndexChange((index + step + count) % count);
  const photo = photos[index];

  return (
    <Dialog open={open} onClose={onClose} title={`${title} – Foto ${index + 1} von ${count}`} size="large">
      <div
        className="photo-modal"
        onKeyDown={(event) => {
          if (event.key === 'ArrowLeft') go(-1);
          if (event.key === 'ArrowRight') go(1);
        }}
      >
        <div className="photo-modal__stage">
          {photo ? <SafeImage src={photo} alt={`${title}, Foto ${index + 1}`} className="photo-modal__image" /> : null}
          {count > 1 ? (
            <>
              <button type="button" className="photo-modal__nav photo-modal__nav--prev" aria-label="Vorheriges Foto" onClick={() => go(-1)}>
                <span aria-hidden="true">‹</span>
              </button>
              <button type="button" className="photo-modal__nav photo-modal__nav--next" aria-label="Nächstes Foto" onClick={() => go(1)}>
                <span aria-hidden="true">›</span>
              </button>
            </>
          ) : null}
        </div>
        {count > 1 ? (
          <div className="photo-modal__indicators">
            {photos.map((p, i) => (
              <button
                key={p}
                type="button"
                className="photo-modal__dot"
                aria-label={`Foto ${i + 1}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => onIndexChange(i)}
              />
            ))}
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}
