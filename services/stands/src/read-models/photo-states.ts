import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource } from 'typeorm';
import { STAND_PHOTO_PREFIX, type TJobPayload, type TStandPhotoState, isId } from '@flohmarkt/contracts';
import { applyPhotoList } from './photo-lists.js';
import { PhotoStatesEntity } from './photo-states.entity.js';
import { TOMBSTONE_VERSION } from '@flohmarkt/server-kit';

/** What a stand read says of each of its photos, by path. */
export type PhotoStates = ReadonlyMap<string, Omit<TStandPhotoState, 'path'>>;

/**
 * The stands service's copy of the media service's photos: the state of each stand photo (kept by
 * PhotoStateChanged), so a stand read says whether a photo can be shown without anyone probing its
 * URL, and each stand's list (StandPhotosChanged, photo-lists.ts).
 *
 * A message applies only when newer than the stored version (one conditional upsert), so a message
 * delivered twice or after a newer one leaves the state of the newest. 'removed' is kept as a
 * tombstone with the highest version: photo ids are never reused, so nothing brings it back.
 */
@Injectable()
export class PhotoStatesReadModel {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Answers whether the message changed the read model (false: older, repeated, or malformed). */
  async apply(m: TJobPayload<'PhotoStateChanged'>): Promise<boolean> {
    if (!isId(m.photoId) || !isId(m.standId)) return false;
    const version = m.state === 'removed' ? TOMBSTONE_VERSION : m.version;
    const applied = (await this.dataSource.query(
      `INSERT INTO "photo_states" AS p ("photo_id", "stand_id", "path", "state", "reason", "version") VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT ("photo_id") DO UPDATE SET "state" = excluded."state", "reason" = excluded."reason", "version" = excluded."version"
       WHERE p."version" < excluded."version"
       RETURNING 1`,
      [m.photoId, m.standId, m.path, m.state, m.state === 'failed' ? m.reason : null, version],
    )) as unknown[];
    return applied.length > 0;
  }

  /**
   * The states of the photos of these stands, by path. A path the copy has not heard of yet (its
   * message is still on the way) is not in it: the read says processing until it arrives.
   */
  async of(standIds: string[]): Promise<PhotoStates> {
    const ids = [...new Set(standIds)].filter(isId);
    const states = new Map<string, Omit<TStandPhotoState, 'path'>>();
    if (!ids.length) return states;
    const rows = await this.dataSource
      .getRepository(PhotoStatesEntity)
      .find({ select: { path: true, state: true, reason: true }, where: { standId: In(ids) } });
    for (const r of rows) {
      if (r.state === 'ready' || r.state === 'processing') states.set(r.path, { state: r.state });
      else if (r.state === 'failed') states.set(r.path, { state: 'failed', ...(r.reason ? { reason: r.reason } : {}) });
    }
    return states;
  }

  /** StandPhotosChanged: the stand's list (read-models/photo-lists.ts); whether it changed the copy. */
  applyList(m: TJobPayload<'StandPhotosChanged'>): Promise<boolean> {
    return applyPhotoList(this.dataSource, m);
  }
}

/**
 * One entry per listed path, in the list's order. A path of the media service the copy has not
 * heard of (or heard is being removed) is processing; any other string (an old external URL) is
 * not the media service's to process and reads as ready.
 */
export function photoStatesOf(photos: string[], states: PhotoStates): TStandPhotoState[] {
  return photos.map((path) => {
    const known = states.get(path);
    if (known) return { path, ...known };
    return { path, state: path.startsWith(STAND_PHOTO_PREFIX) ? 'processing' : 'ready' };
  });
}
