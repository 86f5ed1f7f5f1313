import type { TTeamRole } from '@flohmarkt/contracts';
import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { EventEntity } from '../events/event.entity.js';

/**
 * An invite into a market's team (issue 36, migration MarketTeam): a short code that anyone signed
 * in may accept until it expires or the organiser revokes it. Revoked invites stay (a code is never
 * handed out twice, and an old link says "zurückgezogen" rather than "gibt es nicht"); they go with
 * the market.
 */
@Entity({ name: 'team_invites' })
@Index('IDX_team_invites_event', ['eventId', 'createdAt'])
@Check('CHK_team_invites_role', `"role" IN ('co-organizer', 'helper')`)
export class TeamInviteEntity {
  /** Upper case, TEAM_INVITE_CODE_ALPHABET. */
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'PK_team_invites' })
  code!: string;

  @Column({ name: 'event_id', type: 'uuid' })
  eventId!: string;

  /** The key of event_id (named as the migration's table created it): the invite goes with its market. */
  @ManyToOne(() => EventEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'event_id', foreignKeyConstraintName: 'team_invites_event_id_fkey' })
  event?: EventEntity;

  @Column({ type: 'text' })
  role!: TTeamRole;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  /** The organiser or admin who made it (no foreign key across services). */
  @Column({ name: 'created_by', type: 'uuid' })
  createdBy!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}
