import type { TPhotosResponse } from '@flohmarkt/contracts';
import { uploadPhoto } from '@/features/stand-edit/api/stand-photos';
import type { GuestAccess } from '@/lib/guest-access';
import type { ChosenPhoto, PhotoUploadState } from './chosen-photos';
import { photoFailureText } from './chosen-photos';
import { readEarlierPhoto, readPhoto } from './read-photo';

export interface UploadCallbacks {
  /** Each change of a photo's upload: waiting, its progress, done, or failed with the German sentence. */
  onState: (key: string, state: PhotoUploadState) => void;
  /** The stand's photo list after each successful upload. */
  onUploaded?: (answer: TPhotosResponse) => void;
}

/** What the uploads came to: the keys of the photos that failed (each has its sentence in onState). */
export interface UploadSummary {
  uploaded: number;
  failed: string[];
}

/**
 * Uploads the chosen photos to the stand one after the other (POST /api/stands/{id}/photos, as the edit
 * page does): one at a time keeps within the gateway's upload slots per address and gives each photo its
 * own progress. A photo that fails (unreadable, refused, no connection) is reported and the next one
 * still goes: the stand exists already, a failed photo never undoes it. A guest uploads by their manage token (`access`).
 */
export async function uploadChosenPhotos(standId: string, photos: ChosenPhoto[], callbacks: UploadCallbacks, access: GuestAccess = {}): Promise<UploadSummary> {
  for (const photo of photos) callbacks.onState(photo.key, { phase: 'waiting' });
  const failed: string[] = [];
  let uploaded = 0;
  for (const photo of photos) {
    callbacks.onState(photo.key, { phase: 'uploading', progress: 0 });
    try {
      const body = photo.kind === 'file' ? await readPhoto(photo.file) : await readEarlierPhoto(photo.path);
      const answer = await uploadPhoto(standId, body, (progress) => callbacks.onState(photo.key, { phase: 'uploading', progress }), access);
      uploaded += 1;
      callbacks.onState(photo.key, { phase: 'done' });
      callbacks.onUploaded?.(answer);
    } catch (failure) {
      failed.push(photo.key);
      callbacks.onState(photo.key, { phase: 'failed', message: photoFailureText(photo, failure instanceof Error ? failure.message : '') });
    }
  }
  return { uploaded, failed };
}
