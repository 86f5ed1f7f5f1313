import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { API_ERRORS, LIMITS } from '@flohmarkt/contracts';
import { fail } from '@flohmarkt/server-kit';
import { StandEntity } from './stand.entity.js';

/**
 * The stand's photo list as the media service changes it. Each change is one conditional UPDATE,
 * so two uploads racing for the third place cannot both win, and a repeated call changes nothing.
 */
@Injectable()
export class StandPhotos {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Appends a path (and forgets the last failure). Already listed: unchanged. Three photos already: 409. */
  async add(standId: string, path: string): Promise<string[]> {
    const result = await this.dataSource
      .createQueryBuilder()
      .update(StandEntity)
      .set({ photos: () => 'array_append("photos", :path)', photoError: null, updatedAt: () => 'now()' })
      .where('id = :standId', { standId })
      .andWhere('NOT (:path = ANY("photos"))')
      .andWhere('cardinality("photos") < :max', { max: LIMITS.maxPhotosPerStand })
      .setParameter('path', path)
      .returning(['photos'])
      .execute();
    const [row] = result.raw as { photos: string[] }[];
    if (row) return row.photos;
    const photos = await this.current(standId);
    if (photos.includes(path)) return photos;
    throw fail.conflict(API_ERRORS.tooManyPhotos);
  }

  /** Removes a path; with a reason (media dropped the upload) the stand read says why. Not listed: unchanged. */
  async remove(standId: string, path: string, reason: string | null): Promise<string[]> {
    const result = await this.dataSource
      .createQueryBuilder()
      .update(StandEntity)
      .set({
        photos: () => 'array_remove("photos", :path)',
        photoError: reason === null ? () => '"photo_error"' : () => 'CASE WHEN :path = ANY("photos") THEN :reason ELSE "photo_error" END',
        updatedAt: () => 'now()',
      })
      .where('id = :standId', { standId })
      .setParameters({ path, reason })
      .returning(['photos'])
      .execute();
    const [row] = result.raw as { photos: string[] }[];
    if (!row) throw fail.notFound(API_ERRORS.standNotFound);
    return row.photos;
  }

  private async current(standId: string): Promise<string[]> {
    const stand = await this.dataSource.getRepository(StandEntity).findOne({ select: { id: true, photos: true }, where: { id: standId } });
    if (!stand) throw fail.notFound(API_ERRORS.standNotFound);
    return stand.photos;
  }
}
