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

  /** The review a delete is about: one of this stand's, else null (a review of another stand is none of this one's). */
  find(standId: string, reviewId: string): Promise<ReviewEntity | null> {
    return this.dataSource.getRepository(ReviewEntity).findOneBy({ id: reviewId, standId });
  }

  /** Deletes a review and announces its exhibitor's new average with it (again, or raced by another delete, is harmless). */
  remove(review: Pick<ReviewEntity, 'id' | 'standId'>, exhibitorId: string | null): Promise<void> {
    return this.dataSource.transaction(async (m) => {
      const { affected } = await m.getRepository(ReviewEntity).delete({ id: review.id, standId: review.standId });
      if (affected) await announceExhibitorStats(m, [exhibitorId]);
    });
  }
}
