import { SCREENS } from '@flohmarkt/contracts';
import { useState, type ImgHTMLAttributes } from 'react';

type SafeImageProps = ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string };

/** An image that shows 'Bild konnte nicht geladen werden' instead of a broken picture. */
export function SafeImage({ src, alt, className, ...rest }: SafeImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (failedSrc === src) {
    return (
      <span className={`image-fallback ${className ?? ''}`} role="img" aria-label={alt || SCREENS.imageLoadFailed}>
        <span aria-hidden="true">{SCREENS.imageLoadFailed}</span>
      </span>
    );
  }
  return <img src={src} alt={alt} className={className} onError={() => setFailedSrc(src)} {...rest} />;
}
