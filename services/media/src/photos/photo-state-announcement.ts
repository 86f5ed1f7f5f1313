import type { EntityManager } from 'typeorm';
import type { TJobPayload } from '@flohmarkt/contracts';
import { publish } from '@flohmarkt/server-kit';
import { photoPathOf } from './photo-keys.js';

export type TAnnouncedPhotoState = TJobPayload<'PhotoStateChanged'>['state'];

/**
 * Announces a photo's state to the stands service (PhotoStateChanged, its read model), inside the
 * caller's transaction and after the caller's write to the photo row: the message leaves if and
 * only if the change commits. An item's photo (issue 35) is announced with its item path.
 *
 * Version: the next value of the photo_state_version sequence, drawn after that write. The write
 * holds the row's lock until commit, so a second transaction changing the same photo draws its
 * value only after the first has committed: versions follow commit order per photo. (A new row is
 * invisible to others until commit, so its first version needs no lock.) A sequence rather than a
 * counter column, as events and auth do for their read models.
 */
export async function announcePhotoState(
  m: EntityManager,
  photo: { id: string; standId: string; itemId?: string | null },
  state: TAnnouncedPhotoState,
  reason: string | null = null,
): Promise<void> {
  const [{ version }] = (await m.query(`SELECT nextval('"photo_state_version"') AS "version"`)) as { version: string }[];
  await publish(m, 'PhotoStateChanged', {
    standId: photo.standId,
    photoId: photo.id,
    path: photoPathOf(photo),
    state,
    reason: state === 'failed' ? reason : null,
    version: Number(version),
  });
}
