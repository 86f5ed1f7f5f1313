import { PHOTO_FAILURE_REASONS } from '@flohmarkt/contracts';

/** The row's detail when the original is gone before the worker read it. */
export const ORIGINAL_MISSING = 'original missing from the bucket';
/** The detail UndecodableImageError messages begin with (images/image-module.ts). */
const UNDECODABLE = 'image does not decode';

/**
 * The German sentence a stand read shows for a failed photo, derived from the row's technical
 * detail (failure_reason), so every run words the same failure the same way:
 * broken bytes are the uploader's to fix, anything else (attempts used up) is ours.
 */
export function failureReasonFor(detail: string | null): string {
  if (detail !== null && (detail === ORIGINAL_MISSING || detail.startsWith(UNDECODABLE))) return PHOTO_FAILURE_REASONS.unreadable;
  return PHOTO_FAILURE_REASONS.processingFailed;
}
