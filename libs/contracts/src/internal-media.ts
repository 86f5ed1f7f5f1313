import { z } from 'zod';
import { STAND_PHOTO_PREFIX } from './stand-photo-paths.js';

/*
 * Shapes and sentences between the media service and the stands service (who may change a stand's
 * photos), plus the photo paths and states the web app shows. Kept in a file of its own so that
 * parallel work on the shared files never collides.
 */

/**
 * GET /internal/stands/{id}/photo-access (stands): the caller may change the stand's photos. The
 * list and the 3-photo limit are media's own (docs/adr/0007-photo-storage-and-pipeline.md).
 */
export const ZStandPhotoAccess = z.object({ standId: z.string() });
export type TStandPhotoAccess = z.infer<typeof ZStandPhotoAccess>;
/** Whether the caller may see a stand's photos, and whether everyone may (approved): media's cache headers follow it. */
export const ZStandPhotoVisibility = z.object({ standId: z.string(), public: z.boolean() });
export type TStandPhotoVisibility = z.infer<typeof ZStandPhotoVisibility>;

/** Own German sentences of the photo calls (one sentence each, "du" like API_ERRORS). */
export const MEDIA_ERRORS = {
  storageUnavailable: 'Der Bildspeicher ist gerade nicht erreichbar. Bitte versuche es später erneut.',
  photoProcessing: 'Das Foto wird gerade verarbeitet. Bitte versuche es gleich noch einmal.',
  photoNotFound: 'Das Foto wurde nicht gefunden.',
  /** HEIC (HEVC) where the server's image library has no decoder for it (AVIF always works). */
  heicUnsupported: 'Dieses HEIC-Foto kann nicht verarbeitet werden. Bitte speichere es als JPEG und lade es erneut hoch.',
} as const;

/**
 * Where a stand photo stands (docs/product.md#photos), as a stand read lists it in `photoStates`:
 * processing until the worker has written it, then ready; failed with a reason when it cannot be.
 */
export const ZStandPhotoState = z.object({
  path: z.string(),
  state: z.enum(['processing', 'ready', 'failed']),
  reason: z.string().optional(),
});
export type TStandPhotoState = z.infer<typeof ZStandPhotoState>;

/** Why a photo failed, as the stand read says it (one sentence each, "du" like API_ERRORS). */
export const PHOTO_FAILURE_REASONS = {
  /** The bytes do not decode (broken file) or the original was lost before the worker read it. */
  unreadable: 'Das Bild ist beschädigt und konnte nicht gelesen werden. Bitte lade ein anderes Bild hoch.',
  /** The worker tried several times and gave up. */
  processingFailed: 'Fehler beim Verarbeiten des Bildes. Bitte versuche ein anderes Bild.',
} as const;

/**
 * An item's photo (issue 35): GET /internal/items/{id}/photo-access (stands) and the gateway's
 * /internal/items/{id}/photo-upload-access (media): the caller may change the item's photo (the
 * item write rule: whoever may edit its stand), and the stand it is stored under.
 */
export const ZItemPhotoAccess = z.object({ itemId: z.string(), standId: z.string() });
export type TItemPhotoAccess = z.infer<typeof ZItemPhotoAccess>;

/**
 * POST /internal/items/{id}/photo (stands): media sets the item's photo path after an upload, or
 * null after a removal; stands decides the caller's right again and answers the path it keeps.
 */
export const ZItemPhotoSet = z.object({ photo: z.string().nullable() });
export const ZItemPhotoSetAnswer = ZItemPhotoAccess.extend({ photo: z.string().nullable() });
export type TItemPhotoSetAnswer = z.infer<typeof ZItemPhotoSetAnswer>;

/** The public path of an item's photo: below its stand's, so it is served to whoever may see the stand. */
export function itemPhotoPath(standId: string, itemId: string, photoId: string): string {
  return `${STAND_PHOTO_PREFIX}${standId}/items/${itemId}/${photoId}.jpg`;
}
