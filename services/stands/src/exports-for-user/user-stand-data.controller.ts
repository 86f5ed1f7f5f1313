import { Controller, Get, Optional, Param } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { isId, type TUserStandsExport } from '@flohmarkt/contracts';
import { EventFactsEntity } from '../read-models/event-facts.entity.js';
import { ReviewEntity } from '../reviews/review.entity.js';
import { StandEntity } from '../stands/stand.entity.js';
import { ComeBackSubscriptions } from '../come-back/subscriptions.js';
import { Holds } from '../holds/holds.js';
import { toExportedReview, toExportedStand } from './exported-stand-data.js';
import { ITEM_COLUMNS, toItem, type ItemRow } from '../items/item-rows.js';

/**
 * A user's stands (every status, with the links of their photos), the reviews they wrote, their follows and alerts,
 * their stands' items and the holds they asked for
 * (contracts USER_STANDS_EXPORT), for their data export. Reached only with the internal token; auth
 * asks for the session's user only. Read in one snapshot so a stand and its reviews agree.
 */
@Controller('internal/users/:id/stand-data')
export class UserStandDataController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly subscriptions: ComeBackSubscriptions,
    // Always there in the app; a spec that reads only other parts of the export may leave it out.
    @Optional() private readonly holds: Holds | null = null,
  ) {}

  @Get()
  async read(@Param('id') userId: string): Promise<TUserStandsExport> {
    // An id that names nobody has nothing here (a malformed one would be a uuid cast error).
    if (!isId(userId)) return { stands: [], reviews: [], follows: { organizers: [], mailsOff: [] }, alerts: [], items: [], holds: [] };
    const [follows, alerts] = await Promise.all([this.subscriptions.follows(userId), this.subscriptions.alerts(userId)]);
    return this.dataSource.transaction('REPEATABLE READ', async (m) => {
      const stands = await m.getRepository(StandEntity).find({ where: { exhibitorId: userId }, order: { createdAt: 'ASC', id: 'ASC' } });
      const reviews = await m.getRepository(ReviewEntity).find({ where: { reviewerId: userId }, order: { createdAt: 'ASC', id: 'ASC' } });
      const eventIds = [...new Set(stands.map((s) => s.eventId))];
      const facts = eventIds.length
        ? await m.getRepository(EventFactsEntity).find({ select: { eventId: true, name: true }, where: { eventId: In(eventIds) } })
        : [];
      const eventNames = new Map(facts.map((f) => [f.eventId, f.name]));
      const items = stands.length
        ? ((await m.query(`SELECT ${ITEM_COLUMNS} FROM "items" WHERE "stand_id" = ANY($1::uuid[]) ORDER BY "created_at", "id"`, [
            stands.map((s) => s.id),
          ])) as ItemRow[])
        : [];
      const holds = this.holds ? await this.holds.exportOf(m, userId) : [];
      return {
        stands: stands.map((s) => toExportedStand(s, eventNames.get(s.eventId) ?? null)),
        reviews: reviews.map(toExportedReview),
        follows,
        alerts,
        items: items.map(toItem),
        holds,
      };
    });
  }
}
