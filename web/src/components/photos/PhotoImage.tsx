import { SCREENS } from '@flohmarkt/contracts';
import type { ImgHTMLAttributes } from 'react';
import { SafeImage } from '@/components/ui/SafeImage';
import { usePrivatePhoto } from './use-private-photo';

type PhotoImageProps = ImgHTMLAttributes<HTMLImageElement> & {
  src: string;
  alt: string;
  /** A guest's manage token while only they may see the photo: it is fetched with it (use-private-photo.ts). */
  privateTo?: string;
  /** Said while a photo fetched with the token is on its way. */
  loadingLabel?: string;
};

/** A photo of a stand or an item: by its URL, or, while only its guest may see it, fetched with their token. */
export function PhotoImage({ src, alt, privateTo, loadingLabel = 'Foto wird geladen …', className, ...rest }: PhotoImageProps) {
  const source = usePrivatePhoto(src, privateTo);
  if (source === 'loading') {
    return (
      <span className={`photo-image__loading ${className ?? ''}`} role="status">
        <span className="spinner__circle" aria-hidden="true" />
        <span className="visually-hidden">{loadingLabel}</span>
      </span>
    );
  }
  if (source === 'failed') {
    return (
      <span className={`image-fallback ${className ?? ''}`} role="img" aria-label={alt || SCREENS.imageLoadFailed}>
        <span aria-hidden="true">{SCREENS.imageLoadFailed}</span>
      </span>
    );
  }
  return <SafeImage src={source.url} alt={alt} className={className} {...rest} />;
}
