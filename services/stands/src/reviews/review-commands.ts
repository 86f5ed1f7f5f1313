import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { announceExhibitorStats } from '../stands/exhibitor-stats.js';
import { ReviewEntity } from './review.entity.js';

export type NewReview = Pick<ReviewEntity, 'standId' | 'reviewerId' | 'rating' | 'comment'>;

/** The reviews' writes. A review moves its exhibitor's average: the new figures commit with it. */
@Injectable()
export class ReviewCommands {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** `exhibitorId`: the reviewed stand's exhibitor (null for a guest stand: no figures to announce). */
  create(row: NewReview, exhibitorId: string | null): Promise<ReviewEntity> {
    return this.dataSource.transaction(async (m) => {
      const { identifiers } = await m.getRepository(ReviewEntity).insert(row);
      await announceExhibitorStats(m, [exhibitorId]);
      return m.getRepository(ReviewEntity).findOneByOrFail({ id: identifiers[0].id as string });
    });
  }
}
