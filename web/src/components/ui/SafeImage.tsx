import { SCREENS } from '@flohmarkt/contracts';
import { useState, type ImgHTMLAttributes } from 'react';

type SafeImageProps = ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string };

/** In the place of an image that could not be loaded: 'Bild konnte nicht geladen werden', in the image's box. */
export function ImageFallback({ alt, className }: { alt: string; className?: string }) {
  return (
    <span className={`image-fallback ${className ?? ''}`} role="img" aria-label={alt || SCREENS.imageLoadFailed}>
      <span aria-hidden="true">{SCREENS.imageLoadFailed}</span>
    </span>
  );
}

/** An image that shows 'Bild konnte nicht geladen werden' instead of a broken picture. */
export function SafeImage({ src, alt, className, ...rest }: SafeImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (failedSrc === src) return <ImageFallback alt={alt} className={className} />;
  return <img src={src} alt={alt} className={className} onError={() => setFailedSrc(src)} {...rest} />;
}
