import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { EventEntity } from '../events/event.entity.js';

/**
 * A person the organiser (or an admin) removed from a market's team (migration TeamRemovals): the
 * market's invites created up to `removedAt` refuse them (team.service.ts, `accept`); an invite made
 * later lets them in again. Leaving on one's own writes none. Goes with the market and the user.
 */
@Entity({ name: 'team_removals' })
@Index('IDX_team_removals_user', ['userId'])
export class TeamRemovalEntity {
  @PrimaryColumn({ name: 'event_id', type: 'uuid', primaryKeyConstraintName: 'PK_team_removals' })
  eventId!: string;

  /** The key of event_id (named as the migration's table created it): the row goes with the market. */
  @ManyToOne(() => EventEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'event_id', foreignKeyConstraintName: 'team_removals_event_id_fkey' })
  event?: EventEntity;

  /** A user of the auth service (no foreign key across services). */
  @PrimaryColumn({ name: 'user_id', type: 'uuid', primaryKeyConstraintName: 'PK_team_removals' })
  userId!: string;

  /** The database's clock read under the market's lock (see team.service.ts, `removeMember`). */
  @Column({ name: 'removed_at', type: 'timestamptz' })
  removedAt!: Date;
}
