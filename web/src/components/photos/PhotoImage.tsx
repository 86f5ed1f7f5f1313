import type { ImgHTMLAttributes } from 'react';
import { ImageFallback } from '@/components/ui/SafeImage';
import { usePhotoSource } from './use-photo-source';

// Its own `onError` asks for the photo again: a caller's could not replace it without ending the retries.
type PhotoImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'onError'> & {
  src: string;
  alt: string;
  /** A guest's manage token while only they may see the photo: it is fetched with it (use-photo-source.ts). */
  privateTo?: string;
  /** Said while the photo is on its way. */
  loadingLabel?: string;
};

/**
 * A photo of a stand or an item: by its URL, or, while only its guest may see it, fetched with their
 * token. One that does not load yet (just uploaded, still being processed) is asked for again a few
 * times; only then does it say 'Bild konnte nicht geladen werden', inside its own box.
 */
export function PhotoImage({ src, alt, privateTo, loadingLabel = 'Foto wird geladen …', className, ...rest }: PhotoImageProps) {
  const { source, failed } = usePhotoSource(src, privateTo);
  if (source === 'loading') {
    return (
      <span className={`photo-image__loading ${className ?? ''}`} role="status">
        <span className="spinner__circle" aria-hidden="true" />
        <span className="visually-hidden">{loadingLabel}</span>
      </span>
    );
  }
  if (source === 'failed') return <ImageFallback alt={alt} className={className} />;
  return <img key={source.attempt} src={source.url} alt={alt} {...rest} className={className} onError={failed} />;
}
