// Stand photo paths without zod: the web app's stand cards read them without loading the schemas (issue 21).

/** Public path prefix of stand photos (served by the media service through the gateway). */
export const STAND_PHOTO_PREFIX = '/api/media/stands/';

/** The path stored on the stand for one photo: the full-size variant. */
export function standPhotoPath(standId: string, photoId: string): string {
  return `${STAND_PHOTO_PREFIX}${standId}/${photoId}.jpg`;
}

/** The card thumbnail (about 400 px wide) of a stand photo path; other strings come back unchanged. */
export function standPhotoThumbnailPath(photoPath: string): string {
  return photoPath.startsWith(STAND_PHOTO_PREFIX) && /\/[^/.]+\.jpg$/.test(photoPath) ? photoPath.replace(/\.jpg$/, '.thumb.jpg') : photoPath;
}
