import { LIMITS, TOASTS, VALIDATION } from '@flohmarkt/contracts';

/** A problem with the chosen file itself, shown under the file input. */
export class PhotoInputError extends Error {}

export function isImageFile(file: Pick<File, 'type'>): boolean {
  return file.type.startsWith('image/');
}

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('FileReader'));
    reader.readAsDataURL(blob);
  });
}

type Step = { maxWidth: number; maxHeight: number; quality: number };

/** Draws the image into at most maxWidth x maxHeight and encodes it as JPEG at the step's quality. */
async function shrink(file: Blob, step: Step): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, step.maxWidth / bitmap.width, step.maxHeight / bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas');
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('toBlob'))), 'image/jpeg', step.quality));
}

/**
 * The upload body for a chosen file. Only images are taken ('Bitte wähle eine Bilddatei aus').
 * The photo worker applies the size rules of docs/product.md#photos; the browser only shrinks a file that
 * is larger than the server accepts, with the same two steps (1920x1080 at 0.8, then 1280x720 at 0.6).
 */
export async function readPhoto(file: File): Promise<{ photoData: string; fileName: string }> {
  if (!isImageFile(file)) throw new PhotoInputError(VALIDATION.imageRequired);
  let blob: Blob = file;
  if (blob.size > LIMITS.photoUploadMaxBytes) {
    try {
      blob = await shrink(blob, LIMITS.photoResize.first);
      if (blob.size > LIMITS.photoResize.second.overBytes) blob = await shrink(blob, LIMITS.photoResize.second);
    } catch {
      throw new PhotoInputError(TOASTS.imageProcessingFailed);
    }
  }
  try {
    return { photoData: await readAsDataUrl(blob), fileName: file.name || 'foto.jpg' };
  } catch {
    throw new PhotoInputError(TOASTS.imageProcessingFailed);
  }
}

/** Said when a photo of the earlier stand cannot be read any more (removed meanwhile, or no connection). */
export const EARLIER_PHOTO_UNREADABLE = 'Das Foto deines früheren Stands konnte nicht geladen werden.';

/**
 * The upload body for a photo of the user's withdrawn stand (re-applying, issue 30): its stored image,
 * which the owner may still read, is fetched and uploaded again like a newly chosen one.
 */
export async function readEarlierPhoto(path: string): Promise<{ photoData: string; fileName: string }> {
  let blob: Blob;
  try {
    const response = await fetch(path, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(String(response.status));
    blob = await response.blob();
  } catch {
    throw new PhotoInputError(EARLIER_PHOTO_UNREADABLE);
  }
  const name = path.split('/').pop() || 'foto.jpg';
  // Stored photos are JPEGs (the worker writes every variant as one).
  return readPhoto(new File([blob], name, { type: blob.type.startsWith('image/') ? blob.type : 'image/jpeg' }));
}
