import type { TTeamRole } from '@flohmarkt/contracts';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { EventEntity } from '../events/event.entity.js';

/**
 * One member of a market's team (issue 36, migration MarketTeam). The primary key makes a person a
 * member once, however many accepts race; the row goes with the market, with the user
 * (UserDeleted) or when the organiser removes them.
 */
@Entity({ name: 'event_team' })
@Index('IDX_event_team_user', ['userId'])
@Check('CHK_event_team_role', `"role" IN ('co-organizer', 'helper')`)
export class TeamMemberEntity {
  @PrimaryColumn({ name: 'event_id', type: 'uuid', primaryKeyConstraintName: 'PK_event_team' })
  eventId!: string;

  /** The key of event_id (named as the migration's table created it): the member goes with the market. */
  @ManyToOne(() => EventEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'event_id', foreignKeyConstraintName: 'event_team_event_id_fkey' })
  event?: EventEntity;

  /** A user of the auth service (no foreign key across services). */
  @PrimaryColumn({ name: 'user_id', type: 'uuid', primaryKeyConstraintName: 'PK_event_team' })
  userId!: string;

  @Column({ type: 'text' })
  role!: TTeamRole;

  /** The invite accepted last (a helper upgraded by a co-organiser's invite names the latter). */
  @Column({ name: 'invite_code', type: 'text', nullable: true })
  inviteCode!: string | null;

  @Column({ name: 'joined_at', type: 'timestamptz', default: () => 'now()' })
  joinedAt!: Date;
}
