import { API_ERRORS, LIMITS, TOASTS, VALIDATION } from '@flohmarkt/contracts';
import { isImageFile } from './read-photo';

/**
 * A photo chosen in a form before it is uploaded: a file from the camera or the gallery, or a photo
 * of the withdrawn stand a new registration starts from (its public path; uploaded again on submit).
 */
export type ChosenPhoto = { key: string; kind: 'file'; file: File; name: string } | { key: string; kind: 'earlier'; path: string; name: string };

/** Where a chosen photo's upload stands, shown on its tile. */
export type PhotoUploadState = { phase: 'waiting' } | { phase: 'uploading'; progress: number } | { phase: 'done' } | { phase: 'failed'; message: string };

let counter = 0;
const nextKey = (): string => `photo-${++counter}`;

/** The size and format rules the media service enforces, said beside the picker. */
export const PHOTO_RULES_HINT =
  `Bis zu ${LIMITS.maxPhotosPerStand} Fotos pro Stand: JPEG, PNG, WebP oder HEIC, höchstens 40 Megapixel. ` +
  `Fotos über ${LIMITS.photoUploadMaxBytes / 1024 / 1024} MB verkleinern wir vor dem Hochladen.`;

/** What became of a choice of files: the photos now chosen and, when some were left out, why. */
export interface ChoiceResult {
  photos: ChosenPhoto[];
  problem: string | null;
}

/**
 * Adds the chosen files to the photos already chosen: only images ('Bitte wähle eine Bilddatei aus'),
 * and no more than `max` in all ('Ein Stand kann höchstens 3 Fotos haben.').
 */
export function addFiles(current: ChosenPhoto[], files: File[], max: number): ChoiceResult {
  const images = files.filter(isImageFile);
  const room = Math.max(0, max - current.length);
  const taken = images.slice(0, room).map((file): ChosenPhoto => ({ key: nextKey(), kind: 'file', file, name: file.name || 'Foto' }));
  const problems: string[] = [];
  if (images.length < files.length) problems.push(VALIDATION.imageRequired + '.');
  if (images.length > room)
    problems.push(`${API_ERRORS.tooManyPhotos} ${images.length - room === 1 ? 'Ein Foto wurde' : `${images.length - room} Fotos wurden`} nicht übernommen.`);
  return { photos: [...current, ...taken], problem: problems.length > 0 ? problems.join(' ') : null };
}

/** The photos of an earlier stand, as chosen photos (only those the worker has finished: the others cannot be read). */
export function earlierPhotos(paths: string[]): ChosenPhoto[] {
  return paths.map((path, index): ChosenPhoto => ({ key: nextKey(), kind: 'earlier', path, name: `Früheres Foto ${index + 1}` }));
}

/** The German sentence of one photo that could not be uploaded: which one, and why. */
export function photoFailureText(photo: Pick<ChosenPhoto, 'name'>, reason: string): string {
  return `„${photo.name}“: ${TOASTS.photoUploadFailed(reason.trim() || TOASTS.imageProcessingFailed)}`;
}
