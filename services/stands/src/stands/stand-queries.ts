import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Not, type Repository } from 'typeorm';
import { ACTIVE_STAND_STATUSES, type TStandStatus } from '@flohmarkt/contracts';
import { ReviewEntity } from '../reviews/review.entity.js';
import { StandEntity } from './stand.entity.js';

/** The stands service's reads. Each list is one query; who may see which status is decided by the caller. */
@Injectable()
export class StandQueries {
  constructor(
    @InjectRepository(StandEntity) private readonly stands: Repository<StandEntity>,
    @InjectRepository(ReviewEntity) private readonly reviews: Repository<ReviewEntity>,
  ) {}

  one(id: string): Promise<StandEntity | null> {
    return this.stands.findOneBy({ id });
  }

  /** An event's stands in registration order (the event page, the draft list). */
  ofEvent(eventId: string, statuses: TStandStatus[]): Promise<StandEntity[]> {
    return this.stands.find({ where: { eventId, status: In(statuses) }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** A user's stands, newest first (My stands, the profile's latest stands). */
  ofExhibitor(exhibitorId: string, statuses: TStandStatus[]): Promise<StandEntity[]> {
    return this.stands.find({ where: { exhibitorId, status: In(statuses) }, order: { createdAt: 'DESC', id: 'ASC' } });
  }

  /** An event's stands counted by status (the organiser's overview): one GROUP BY. */
  async countsByStatus(eventId: string): Promise<Map<string, number>> {
    const rows = await this.stands
      .createQueryBuilder('s')
      .select('s.status', 'status')
      .addSelect('count(*)::int', 'count')
      .where('s.event_id = :eventId', { eventId })
      .groupBy('s.status')
      .getRawMany<{ status: string; count: number }>();
    return new Map(rows.map((r) => [r.status, r.count]));
  }

  /** Whether the user already has an active (pending, approved or waitlisted) stand at the event: one per user per event. */
  async hasStandAt(eventId: string, exhibitorId: string): Promise<boolean> {
    return this.stands.existsBy({ eventId, exhibitorId, status: In([...ACTIVE_STAND_STATUSES]) });
  }

  /** The guest stand of a manage token's hash, unless withdrawn (a spent link reads like an unknown one). */
  guestStandByToken(tokenHash: string): Promise<StandEntity | null> {
    return this.stands.findOneBy({ manageTokenHash: tokenHash, status: Not('withdrawn') });
  }

  /** A stand's reviews, newest first. */
  reviewsOf(standId: string): Promise<ReviewEntity[]> {
    return this.reviews.find({ where: { standId }, order: { createdAt: 'DESC', id: 'ASC' } });
  }

  /** The latest reviews on an exhibitor's approved stands (the exhibitor page): one query. */
  reviewsOfExhibitor(exhibitorId: string, limit: number): Promise<ReviewEntity[]> {
    return this.reviews
      .createQueryBuilder('r')
      .innerJoin(StandEntity, 's', 's.id = r.stand_id')
      .where('s.exhibitor_id = :exhibitorId AND s.status = :approved', { exhibitorId, approved: 'approved' })
      .orderBy('r.created_at', 'DESC')
      .addOrderBy('r.id', 'ASC')
      .limit(limit)
      .getMany();
  }

  hasReviewed(standId: string, reviewerId: string): Promise<boolean> {
    return this.reviews.existsBy({ standId, reviewerId });
  }
}
