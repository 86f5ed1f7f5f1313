import { z } from 'zod';
import { textInput } from './fields.js';
import { LIMITS } from './limits.js';
import { VALIDATION } from './validation-messages.js';

// Only images are accepted; the data URL's declared type is a first filter, the
// media service still checks the decoded bytes. The pattern looks at the head alone: the payload
// (megabytes of base64) is checked once, where it is decoded, not scanned a second time here.
const IMAGE_DATA_URL_HEAD = /^data:image\/[a-z0-9.+-]+;base64,/i;

/** POST /api/stands/{id}/photos */
export const ZPhotoUpload = z.object({
  photoData: z
    .string({ error: VALIDATION.imageRequired })
    .max(Math.ceil((LIMITS.photoUploadMaxBytes * 4) / 3) + 100, VALIDATION.photoTooLarge)
    .regex(IMAGE_DATA_URL_HEAD, VALIDATION.imageRequired),
  fileName: textInput(VALIDATION.fileNameRequired)
    .trim()
    .min(1, VALIDATION.fileNameRequired)
    .max(LIMITS.fileNameMaxLength, VALIDATION.textTooLong(LIMITS.fileNameMaxLength)),
});

/** DELETE /api/stands/{id}/photos: one of the stand's photo paths. */
export const ZPhotoDelete = z.object({
  photoPath: textInput(VALIDATION.photoPathRequired).trim().min(1, VALIDATION.photoPathRequired),
});

/** Answer of both photo calls: the stand's photo list after the change. */
export const ZPhotosResponse = z.object({
  photos: z.array(z.string()),
});
export type TPhotosResponse = z.infer<typeof ZPhotosResponse>;
