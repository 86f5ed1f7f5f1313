import { STAND_PHOTO_PREFIX, type TStand, type TStandPhotoState } from '@flohmarkt/contracts';

/** How often a stand with a photo still being processed is read again (docs/product.md#photos). */
export const PHOTO_POLL_MS = 2000;

/** The state the stand read gives each photo, in the order of `photos`. */
export function photoStates(stand: Pick<TStand, 'photos' | 'photoStates'>): TStandPhotoState[] {
  const known = new Map(stand.photoStates.map((entry) => [entry.path, entry]));
  return stand.photos.map((path) => known.get(path) ?? { path, state: path.startsWith(STAND_PHOTO_PREFIX) ? 'processing' : 'ready' });
}

/** Whether the stand should be read again: the worker has not finished one of its photos yet. */
export function hasPhotoProcessing(stand: Pick<TStand, 'photos' | 'photoStates'> | undefined): boolean {
  return stand ? photoStates(stand).some((entry) => entry.state === 'processing') : false;
}

/**
 * The states after a photo call answered the new list: photos the stand had keep their state, a
 * new one is processing until the stand read says otherwise.
 */
export function photoStatesAfter(current: TStandPhotoState[], photos: string[]): TStandPhotoState[] {
  return photoStates({ photos, photoStates: current });
}
