import { LIMITS } from '@flohmarkt/contracts';

/** How one encode pass treats an image: the box it is fitted into (never enlarged) and the JPEG quality. */
export interface EncodePlan {
  maxWidth: number;
  maxHeight: number;
  quality: number;
}

/** Quality of originals up to 2 MB: mostly small photos, re-encoded to drop their metadata. */
export const SMALL_ORIGINAL_QUALITY = 90;

/** The card thumbnail. */
export const THUMBNAIL = { width: 400, quality: 75 } as const;

const toJpegQuality = (fraction: number): number => Math.round(fraction * 100);

/**
 * docs/product.md#photos, first pass: every photo is stored at most 1920x1080 (fitted inside, its
 * aspect kept, never enlarged) whatever its byte size: a 6 KB PNG of 7000x7000 pixels would
 * otherwise be a JPEG of 49 MP that every viewer decodes. An original over 2 MB is encoded at
 * quality 0.8, a smaller one at SMALL_ORIGINAL_QUALITY.
 */
export function firstPass(originalBytes: number): EncodePlan {
  const rule = LIMITS.photoResize.first;
  const quality = originalBytes > rule.overBytes ? toJpegQuality(rule.quality) : SMALL_ORIGINAL_QUALITY;
  return { maxWidth: rule.maxWidth, maxHeight: rule.maxHeight, quality };
}

/** Second pass: when the first result is still over about 8 MB, it is redone at 1280x720, quality 0.6. */
export function secondPass(firstResultBytes: number): EncodePlan | null {
  const rule = LIMITS.photoResize.second;
  if (firstResultBytes <= rule.overBytes) return null;
  return { maxWidth: rule.maxWidth, maxHeight: rule.maxHeight, quality: toJpegQuality(rule.quality) };
}

/** Image header facts the decode is planned from. */
export interface TImageHeader {
  format: string;
  width: number;
  height: number;
  /** EXIF orientation (1–8); 5 to 8 stand the image on its side. */
  orientation: number;
}

/**
 * How much libjpeg may shrink a JPEG while decoding it (1, 2, 4 or 8): the largest factor that
 * still leaves at least as many pixels as the box needs, so the resize after it only ever reduces.
 * Decoding at half size skips most of the inverse DCT and colour conversion, and the resize then
 * works on a quarter of the pixels: about a fifth less CPU for a 12 MP photo. Other formats: 1.
 */
export function decodeShrink(header: TImageHeader, plan: EncodePlan): 1 | 2 | 4 | 8 {
  if (header.format !== 'jpeg') return 1;
  // The box applies to the upright photo; a sideways one is stored with width and height swapped.
  const sideways = header.orientation >= 5;
  const [boxWidth, boxHeight] = sideways ? [plan.maxHeight, plan.maxWidth] : [plan.maxWidth, plan.maxHeight];
  const needed = Math.max(header.width / boxWidth, header.height / boxHeight);
  for (const factor of [8, 4, 2] as const) if (needed >= factor) return factor;
  return 1;
}
