import { LIMITS, MEDIA_ERRORS, VALIDATION, type UPLOAD_ITEM_PHOTO, type UPLOAD_STAND_PHOTO } from '@flohmarkt/contracts';
import { fail, parseCallBody } from '@flohmarkt/server-kit';
import type { ImageModule } from '../images/image-module.js';
import { parseDataUrl } from './data-url.js';

/** An upload's bytes once they are known to be an image this service can process. */
export interface PhotoInput {
  bytes: Buffer;
  format: string;
  width: number;
  height: number;
}

/**
 * The checks every photo upload makes of its body before anything is stored (400s): a data URL of
 * an image, at most LIMITS.photoUploadMaxBytes, at most 40 megapixels (read from the header, never
 * decoded), not a HEIC this libvips cannot read. Shared by stand and item photos (issue 35).
 */
export async function readPhotoInput(call: typeof UPLOAD_STAND_PHOTO | typeof UPLOAD_ITEM_PHOTO, body: unknown, images: ImageModule): Promise<PhotoInput> {
  const input = parseCallBody(call, body);
  const content = parseDataUrl(input.photoData);
  if (!content) throw fail.invalid(VALIDATION.imageRequired);
  if (content.bytes.length > LIMITS.photoUploadMaxBytes) throw fail.invalid(VALIDATION.photoTooLarge);
  const image = await images.inspect(content.bytes);
  if (image.kind === 'not-image') throw fail.invalid(VALIDATION.imageRequired);
  if (image.kind === 'too-many-pixels') throw fail.invalid(VALIDATION.photoTooLarge);
  if (image.kind === 'heic-unsupported') throw fail.invalid(MEDIA_ERRORS.heicUnsupported);
  return { bytes: content.bytes, format: image.format, width: image.width, height: image.height };
}
