import { MEDIA_ERRORS } from '../internal-media.js';
import { STAND_API_ERRORS } from '../internal-stands.js';
import { ITEM_MESSAGES, ZItemPhotoResponse } from '../items.js';
import { API_ERRORS } from '../messages.js';
import { VALIDATION } from '../validation-messages.js';
import { ZPhotoDelete, ZPhotoUpload, ZPhotosResponse } from '../photo.js';
import { callsOf, type PublicCall } from './public-call.js';

const mediaCall = callsOf('media');

/**
 * A photo upload, for a stand or an item alike: one pipeline, so one set of rules. By whoever may
 * edit, or a guest by the manage token; safe to retry; a larger body and a longer timeout; errors
 * repeat the message in `error`; limited per address.
 */
const PHOTO_UPLOAD = {
  signIn: 'or-manage-token',
  idempotent: true,
  upload: true,
  errorField: true,
  rateLimit: 'photoUpload',
  body: ZPhotoUpload,
} as const;

/** The 400s of a photo upload: no image, too large, or a HEIC photo the pipeline cannot process. */
const PHOTO_UPLOAD_REFUSALS = [VALIDATION.imageRequired, VALIDATION.photoTooLarge, MEDIA_ERRORS.heicUnsupported] as const;

/**
 * A photo for a stand, by whoever may edit the stand, or its guest by the manage token in
 * `X-Manage-Token` (as for the stand's items); processed in the background.
 */
export const UPLOAD_STAND_PHOTO = mediaCall({
  method: 'POST',
  path: '/stands/:id/photos',
  summary: 'Foto zu einem Stand hochladen',
  ...PHOTO_UPLOAD,
  answers: [{ status: 200, description: 'Die Fotoliste des Stands nach dem Upload.', schema: ZPhotosResponse }],
  errors: {
    404: [API_ERRORS.standNotFound],
    403: [API_ERRORS.forbidden],
    400: PHOTO_UPLOAD_REFUSALS,
    409: [API_ERRORS.tooManyPhotos],
  },
});

/**
 * An item's one photo (issue 35), by whoever may change the item: whoever may edit its stand, or a
 * guest with the stand's manage token in `X-Manage-Token` (as for the item itself). The same
 * pipeline, limits and privacy as a stand's photos (stored under the stand, served to whoever may
 * see the stand). A new photo replaces the item's old one.
 */
export const UPLOAD_ITEM_PHOTO = mediaCall({
  method: 'POST',
  path: '/items/:id/photo',
  summary: 'Foto zu einem Angebot hochladen',
  ...PHOTO_UPLOAD,
  answers: [{ status: 200, description: 'Der Pfad des neuen Fotos des Angebots.', schema: ZItemPhotoResponse }],
  errors: {
    404: [ITEM_MESSAGES.itemNotFound],
    403: [ITEM_MESSAGES.editForbidden],
    400: PHOTO_UPLOAD_REFUSALS,
  },
});

/** An item's photo goes (also when it had none), by whoever may upload it. */
export const DELETE_ITEM_PHOTO = mediaCall({
  method: 'DELETE',
  path: '/items/:id/photo',
  summary: 'Foto eines Angebots löschen',
  signIn: 'or-manage-token',
  errorField: true,
  answers: [{ status: 200, description: 'Das Angebot ohne Foto.', schema: ZItemPhotoResponse }],
  errors: { 404: [ITEM_MESSAGES.itemNotFound], 403: [ITEM_MESSAGES.editForbidden] },
});

/** One photo of a stand goes, by whoever may upload it. */
export const DELETE_STAND_PHOTO = mediaCall({
  method: 'DELETE',
  path: '/stands/:id/photos',
  summary: 'Foto eines Stands löschen',
  signIn: 'or-manage-token',
  errorField: true,
  body: ZPhotoDelete,
  answers: [{ status: 200, description: 'Die Fotoliste des Stands nach dem Löschen.', schema: ZPhotosResponse }],
  errors: {
    404: [API_ERRORS.standNotFound, MEDIA_ERRORS.photoNotFound],
    403: [API_ERRORS.forbidden],
    400: [VALIDATION.photoPathRequired, STAND_API_ERRORS.photosOnlyReorder],
  },
});

/**
 * A photo's bytes (`stands/{standId}/{photoId}.jpg` or `.thumb.jpg`), for whoever may see its
 * stand. The paths come from a stand's `photos`.
 */
export const GET_MEDIA_FILE = mediaCall({
  method: 'GET',
  path: '/media/*',
  summary: 'Foto eines Stands abrufen',
  answers: [
    { status: 200, description: 'Das Foto als JPEG.', mediaType: 'image/jpeg' },
    { status: 304, description: 'Das Foto hat sich nicht geändert (`If-None-Match`).' },
  ],
  errors: { 404: [MEDIA_ERRORS.photoNotFound, MEDIA_ERRORS.photoProcessing] },
});

/** The media calls, in the order the OpenAPI document lists them. */
export const MEDIA_CALLS: readonly PublicCall[] = [UPLOAD_STAND_PHOTO, DELETE_STAND_PHOTO, UPLOAD_ITEM_PHOTO, DELETE_ITEM_PHOTO, GET_MEDIA_FILE];
