import { GET_MEDIA_FILE, STAND_PHOTO_PREFIX, isId, itemPhotoPath, serviceCallPath, standPhotoPath } from '@flohmarkt/contracts';

/*
 * Deterministic object keys and public paths of a stand photo. A job that runs twice writes the
 * same keys, and every object of a stand sits below one prefix (a stand's deletion lists it).
 */

export type TVariant = 'full' | 'thumb';

export function standPrefix(standId: string): string {
  return `stands/${standId}/`;
}

export function photoPrefix(standId: string, photoId: string): string {
  return `${standPrefix(standId)}${photoId}/`;
}

/** The upload as it came, kept only until the worker has written the variants. */
export function originalKey(standId: string, photoId: string): string {
  return `${photoPrefix(standId, photoId)}original`;
}

export function variantKey(standId: string, photoId: string, variant: TVariant): string {
  return `${photoPrefix(standId, photoId)}${variant}.jpg`;
}

/** Every key one photo may have written. */
export function allPhotoKeys(standId: string, photoId: string): string[] {
  return [originalKey(standId, photoId), variantKey(standId, photoId, 'full'), variantKey(standId, photoId, 'thumb')];
}

export { standPhotoPath };

/** The public path of a photo: a stand's own, or an item's below its stand (issue 35). */
export function photoPathOf(photo: { id: string; standId: string; itemId?: string | null }): string {
  return photo.itemId ? itemPhotoPath(photo.standId, photo.itemId, photo.id) : standPhotoPath(photo.standId, photo.id);
}

/** `{photoId}.jpg` or `{photoId}.thumb.jpg` (the file part of a served path), else null. */
export function parseServedFile(file: string): { photoId: string; variant: TVariant } | null {
  const match = /^([^./]+)(\.thumb)?\.jpg$/.exec(file);
  if (!match || !isId(match[1])) return null;
  return { photoId: match[1].toLowerCase(), variant: match[2] ? 'thumb' : 'full' };
}

/** The stand photos' prefix as the media service receives their reads (the gateway strips /api). */
const SERVED_STAND_PHOTO_PREFIX = serviceCallPath(GET_MEDIA_FILE, { rest: 'stands/' });

/**
 * A photo path as stored on the stand (`/api/media/stands/{standId}/{photoId}.jpg`, also accepted
 * without `/api` and as its thumbnail path), else null: such a string is not one of ours.
 */
export function parsePhotoPath(path: string): { standId: string; photoId: string } | null {
  const rest = path.startsWith(STAND_PHOTO_PREFIX)
    ? path.slice(STAND_PHOTO_PREFIX.length)
    : path.startsWith(SERVED_STAND_PHOTO_PREFIX)
      ? path.slice(SERVED_STAND_PHOTO_PREFIX.length)
      : null;
  if (rest === null) return null;
  const [standId, file, ...more] = rest.split('/');
  const served = file === undefined ? null : parseServedFile(file);
  if (more.length || !served || !isId(standId)) return null;
  return { standId: standId.toLowerCase(), photoId: served.photoId };
}
