import { LIMITS, type TStand } from '@flohmarkt/contracts';
import { photoStates } from '@/lib/photo-states';

/**
 * Last time's finished photos as files, as if chosen from the gallery: they go up with the normal
 * upload once the new stand exists. Read from the address the stand page shows them at; one that
 * cannot be read (removed meanwhile, no connection) is left out without a word.
 */
export async function lastTimePhotos(stand: TStand, signal: AbortSignal): Promise<File[]> {
  const paths = photoStates(stand)
    .filter((photo) => photo.state === 'ready')
    .map((photo) => photo.path)
    .slice(0, LIMITS.maxPhotosPerStand);
  const files = await Promise.all(
    paths.map(async (path, index) => {
      try {
        const response = await fetch(path, { credentials: 'same-origin', signal });
        if (!response.ok) return null;
        const blob = await response.blob();
        // Stored photos are JPEGs (the worker writes every variant as one).
        return new File([blob], `Foto ${index + 1} vom letzten Mal.jpg`, { type: blob.type.startsWith('image/') ? blob.type : 'image/jpeg' });
      } catch {
        return null;
      }
    }),
  );
  return files.filter((file): file is File => file !== null);
}
