import { RECONFIRMATION_ASK_HOURS, RECONFIRMATION_DEADLINE_HOURS, type TEventStatus } from '@flohmarkt/contracts';
import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A flea market. Coordinates stay decimal strings (the read shape carries them as numeric strings). */
@Entity({ name: 'events' })
@Check('CHK_events_max_stands', `"max_stands" IS NULL OR "max_stands" >= 1`)
/** The reconfirmation's hours (issue 36, migration MarketTeam): the ranges of ZReconfirmation, the deadline after the question. */
@Check(
  'CHK_events_reconfirmation',
  `"reconfirmation_ask_hours" BETWEEN 24 AND 168 AND "reconfirmation_deadline_hours" BETWEEN 1 AND 72 AND "reconfirmation_deadline_hours" < "reconfirmation_ask_hours"`,
)
/** Bounding-box prefilter of the radius search (latitude range first, then longitude). */
@Index('IDX_events_latitude_longitude', ['latitude', 'longitude'])
/** Upcoming: the events still running today (end >= today, start < today) come from the index alone. */
@Index('IDX_events_end_date_time_start_date_time', ['endDateTime', 'startDateTime'])
/** Radius search: expression indexes on the grid cell that TypeORM cannot describe (migration EventGeoCellIndex). */
@Index('IDX_events_geo_cell_start', { synchronize: false })
@Index('IDX_events_geo_cell_end_start', { synchronize: false })
/** The landing map's viewport: each event's map cell at level 10 (migration EventMapCellOfEvent). */
@Index('IDX_events_map_cell_10', { synchronize: false })
/** A series' dates in start order (partial: only markets in a series; migration EventSeries). */
@Index('IDX_events_series_id_start', { synchronize: false })
export class EventEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_events' })
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ type: 'text', nullable: true })
  rules!: string | null;

  @Column({ type: 'text' })
  location!: string;

  @Column({ type: 'decimal', precision: 10, scale: 8, nullable: true })
  latitude!: string | null;

  @Column({ type: 'decimal', precision: 11, scale: 8, nullable: true })
  longitude!: string | null;

  /** Lists are ordered by start; the date filter is a range of starts. */
  @Index('IDX_events_start_date_time')
  @Column({ name: 'start_date_time', type: 'timestamptz' })
  startDateTime!: Date;

  @Column({ name: 'end_date_time', type: 'timestamptz' })
  endDateTime!: Date;

  /** A user of the auth service (no foreign key across services). */
  @Index('IDX_events_organizer_id')
  @Column({ name: 'organizer_id', type: 'uuid' })
  organizerId!: string;

  /** 'planned', or 'cancelled' by PATCH /events/:id/cancel (never back: PUT keeps it). */
  @Column({ type: 'text', default: 'planned' })
  status!: TEventStatus;

  /** The organiser's reason of a cancellation, if they gave one. */
  @Column({ name: 'cancel_reason', type: 'text', nullable: true })
  cancelReason!: string | null;

  @Column({ name: 'contact_email', type: 'text', nullable: true })
  contactEmail!: string | null;

  @Column({ name: 'contact_phone', type: 'text', nullable: true })
  contactPhone!: string | null;

  @Column({ name: 'website_url', type: 'text', nullable: true })
  websiteUrl!: string | null;

  @Column({ name: 'website_link_text', type: 'text', nullable: true })
  websiteLinkText!: string | null;

  @Column({ name: 'allow_stand_registration', type: 'boolean', default: true })
  allowStandRegistration!: boolean;

  /** Stand registration closes at this instant; null: open until the event ends. */
  @Column({ name: 'registration_deadline', type: 'timestamptz', nullable: true })
  registrationDeadline!: Date | null;

  /** Whether the organiser gets the bundled mail about new registrations (sent by the stands service). */
  @Column({ name: 'notify_on_registration', type: 'boolean', default: true })
  notifyOnRegistration!: boolean;

  /** The most stands (approved plus pending) the organiser takes; null: no cap. Checked ≥ 1 by the database too. */
  @Column({ name: 'max_stands', type: 'integer', nullable: true })
  maxStands!: number | null;

  /**
   * Read model: approved stands at the event, as the stands service last announced them
   * (EventStandCountChanged); written only by read-models/stand-count-read-model.ts.
   */
  @Column({ name: 'approved_stands', type: 'integer', default: 0 })
  approvedStands!: number;

  /** Approved plus pending stands, the places a cap counts (read model; null until first announced). */
  @Column({ name: 'taken_places', type: 'integer', nullable: true })
  takenPlaces!: number | null;

  /** The organiser's other counters of "Meine Flohmärkte" (read model, same message; 0 until first announced). */
  @Column({ name: 'pending_stands', type: 'integer', default: 0 })
  pendingStands!: number;

  @Column({ name: 'waitlisted_stands', type: 'integer', default: 0 })
  waitlistedStands!: number;

  @Column({ name: 'rejected_stands', type: 'integer', default: 0 })
  rejectedStands!: number;

  /** The version of the last EventStandCountChanged applied to these counters (bigint, read as a string); 0 before the first. */
  @Column({ name: 'approved_stands_version', type: 'bigint', default: 0 })
  approvedStandsVersion!: string;

  /** The series this market is one date of (migration EventSeries); null: a market on its own. */
  @Column({ name: 'series_id', type: 'uuid', nullable: true })
  seriesId!: string | null;

  /** The market this one was copied from ("Kopieren"); it may be gone since. */
  @Column({ name: 'copied_from_id', type: 'uuid', nullable: true })
  copiedFromId!: string | null;

  /** "Bist du dabei?" before the day (issue 36, migration MarketTeam): off unless the organiser switches it on. */
  @Column({ name: 'reconfirmation_enabled', type: 'boolean', default: false })
  reconfirmationEnabled!: boolean;

  /** Hours before the start the sellers are asked (24–168, checked by the database too). */
  @Column({ name: 'reconfirmation_ask_hours', type: 'integer', default: RECONFIRMATION_ASK_HOURS.default })
  reconfirmationAskHours!: number;

  /** Hours before the start an unanswered stand is released (1–72, before the question). */
  @Column({ name: 'reconfirmation_deadline_hours', type: 'integer', default: RECONFIRMATION_DEADLINE_HOURS.default })
  reconfirmationDeadlineHours!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
