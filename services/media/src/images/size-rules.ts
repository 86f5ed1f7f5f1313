import { LIMITS } from '@flohmarkt/contracts';

/** How one encode pass treats an image: the box it must fit in (null: keep its size) and the JPEG quality. */
export interface EncodePlan {
  maxWidth: number | null;
  maxHeight: number | null;
  quality: number;
}

/** Quality of images small enough to keep their size: re-encoded only to drop their metadata. */
export const KEEP_SIZE_QUALITY = 90;

/** The card thumbnail. */
export const THUMBNAIL = { width: 400, quality: 75 } as const;

const toJpegQuality = (fraction: number): number => Math.round(fraction * 100);

/**
 * Spec section 9, first pass: an original over 2 MB is fitted into 1920x1080 at quality 0.8;
 * a smaller one keeps its size.
 */
export function firstPass(originalBytes: number): EncodePlan {
  const rule = LIMITS.photoResize.first;
  if (originalBytes > rule.overBytes) return { maxWidth: rule.maxWidth, maxHeight: rule.maxHeight, quality: toJpegQuality(rule.quality) };
  return { maxWidth: null, maxHeight: null, quality: KEEP_SIZE_QUALITY };
}

/** Second pass: when the first result is still over about 8 MB, it is redone at 1280x720, quality 0.6. */
export function secondPass(firstResultBytes: number): EncodePlan | null {
  const rule = LIMITS.photoResize.second;
  if (firstResultBytes <= rule.overBytes) return null;
  return { maxWidth: rule.maxWidth, maxHeight: rule.maxHeight, quality: toJpegQuality(rule.quality) };
}
