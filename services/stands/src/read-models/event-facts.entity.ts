import type { TEventStatus, TReconfirmation, TTeamFacts } from '@flohmarkt/contracts';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Read model: what stand rules and reads need of an event, as the events service last announced
 * it (EventFactsChanged), or its tombstone (EventDeleted). Written only by event-facts.ts.
 * The facts are null in a tombstone that arrived before any facts.
 */
@Entity({ name: 'event_facts' })
/** A series' dates, for the previous market of "Frühere Aussteller einladen" (partial: only dates of a series; migration SeriesAndInvitations). */
@Index('IDX_event_facts_series', { synchronize: false })
export class EventFactsEntity {
  /** An event of the events service (no foreign key across services). */
  @PrimaryColumn({ name: 'event_id', type: 'uuid', primaryKeyConstraintName: 'PK_event_facts' })
  eventId!: string;

  @Column({ name: 'organizer_id', type: 'uuid', nullable: true })
  organizerId!: string | null;

  /** The events service's decimal text, as its read shape carries it. */
  @Column({ type: 'text', nullable: true })
  latitude!: string | null;

  @Column({ type: 'text', nullable: true })
  longitude!: string | null;

  @Column({ name: 'start_date_time', type: 'timestamptz', nullable: true })
  startDateTime!: Date | null;

  @Column({ name: 'end_date_time', type: 'timestamptz', nullable: true })
  endDateTime!: Date | null;

  @Column({ name: 'allow_stand_registration', type: 'boolean', nullable: true })
  allowStandRegistration!: boolean | null;

  /** Null in a tombstone. */
  @Column({ type: 'text', nullable: true })
  name!: string | null;

  @Column({ type: 'text', nullable: true })
  location!: string | null;

  @Column({ type: 'text', default: 'planned' })
  status!: TEventStatus;

  @Column({ name: 'cancel_reason', type: 'text', nullable: true })
  cancelReason!: string | null;

  @Column({ name: 'registration_deadline', type: 'timestamptz', nullable: true })
  registrationDeadline!: Date | null;

  @Column({ name: 'notify_on_registration', type: 'boolean', default: true })
  notifyOnRegistration!: boolean;

  /** The cap on approved plus pending stands; null: none (also in facts announced before caps existed). */
  @Column({ name: 'max_stands', type: 'integer', nullable: true })
  maxStands!: number | null;

  /** The series the market belongs to (issue 34); null: a market on its own. */
  @Column({ name: 'series_id', type: 'uuid', nullable: true })
  seriesId!: string | null;

  /** The market this one was copied from (issue 34); null: not a copy. */
  @Column({ name: 'copied_from_id', type: 'uuid', nullable: true })
  copiedFromId!: string | null;

  /** Who runs the market with the organiser (issue 36): they manage it or its day (server-kit event-management.ts). */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  team!: TTeamFacts;

  /** "Bist du dabei?" before the day (issue 36, reconfirmation/). */
  @Column({ type: 'jsonb', default: () => `'{"enabled": false, "askHoursBefore": 72, "deadlineHoursBefore": 24}'` })
  reconfirmation!: TReconfirmation;

  /** The event is gone: nothing may bring it back (its id is never reused). */
  @Column({ type: 'boolean', default: false })
  deleted!: boolean;

  /** The version of the message applied last (bigint, read as a string). */
  @Column({ type: 'bigint' })
  version!: string;
}
