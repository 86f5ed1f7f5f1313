import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { TConfirmationState, TLocationPrecision, TNameDisplay, TStandStatus } from '@flohmarkt/contracts';

@Entity({ name: 'stands' })
/**
 * One active (pending, approved or waitlisted) stand per registered user per event; a rejected or
 * withdrawn one does not block a new registration. Guest stands (no exhibitor) are not limited.
 */
@Index('UQ_stands_event_id_exhibitor_id', ['eventId', 'exhibitorId'], {
  unique: true,
  where: `"exhibitor_id" IS NOT NULL AND "status" IN ('pending', 'approved', 'waitlisted')`,
})
/**
 * One approved stand per number per event, the number compared normalised (case, spaces, leading
 * zeros). An expression index that TypeORM cannot describe: migration StandNumbers1763700200120 makes
 * it, and `synchronize: false` tells the schema comparison it exists and is not to be touched.
 */
@Index('UQ_stands_event_id_stand_number', { synchronize: false })
/**
 * The reconfirmation's (issue 36): each link's token hash once, and the job's scans of the approved
 * stands not yet asked or not yet answered. Partial indexes made by migration MarketDay1764901100000;
 * `synchronize: false`: the schema comparison leaves them as they are.
 */
@Index('UQ_stands_confirmation_token', { synchronize: false })
@Index('IDX_stands_confirmation_open', { synchronize: false })
/**
 * The item search's (issue 35): the descriptions' GIN index and the approved stands without a point of
 * their own per market, made by migration StandSearchVector1764901200000 (a GIN index and a partial
 * one); `synchronize: false`: the schema comparison leaves them as they are.
 */
@Index('IDX_stands_search', { synchronize: false })
@Index('IDX_stands_search_pointless', { synchronize: false })
/** The seller's hold time (issue 35, contracts HOLD_MINUTES_MIN/MAX): migration Holds1764900900000. */
@Check('CHK_stands_hold_minutes', `"hold_minutes" BETWEEN 15 AND 240`)
@Check('CHK_stands_confirmation', `"confirmation" IN ('not-asked', 'asked', 'confirmed', 'released')`)
export class StandEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_stands' })
  id!: string;

  /** An event of the events service (no foreign key across services). */
  @Index('IDX_stands_event_id')
  @Column({ name: 'event_id', type: 'uuid' })
  eventId!: string;

  /** A user of the auth service; null for a guest stand. */
  @Index('IDX_stands_exhibitor_id')
  @Column({ name: 'exhibitor_id', type: 'uuid', nullable: true })
  exhibitorId!: string | null;

  @Column({ name: 'stand_number', type: 'text', nullable: true })
  standNumber!: string | null;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  /** The description's text vector for the item search, kept by a trigger (migration StandSearchVector); never read or written here. */
  @Column({ name: 'description_search', type: 'tsvector', nullable: true, select: false, insert: false, update: false })
  descriptionSearch?: string | null;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  categories!: string[];

  @Column({ name: 'food_categories', type: 'text', array: true, default: () => "'{}'" })
  foodCategories!: string[];

  @Column({ name: 'activity_categories', type: 'text', array: true, default: () => "'{}'" })
  activityCategories!: string[];

  /** Photo URLs as the client shows them (at most 3; the media service owns the objects). */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  photos!: string[];

  @Column({ type: 'decimal', precision: 10, scale: 8, nullable: true })
  latitude!: string | null;

  @Column({ type: 'decimal', precision: 11, scale: 8, nullable: true })
  longitude!: string | null;

  /** Why the media service dropped the last upload (set by it, cleared by the next upload); null normally. */
  @Column({ name: 'photo_error', type: 'text', nullable: true })
  photoError!: string | null;

  /** The one stored stand state; reads derive isDraft/isApproved from it (contracts `standFlags`). */
  @Column({ type: 'text', default: 'pending' })
  status!: TStandStatus;

  @Column({ name: 'accepts_paypal', type: 'boolean', default: false })
  acceptsPayPal!: boolean;

  @Column({ name: 'guest_first_name', type: 'text', nullable: true })
  guestFirstName!: string | null;

  @Column({ name: 'guest_last_name', type: 'text', nullable: true })
  guestLastName!: string | null;

  /** The organiser's reason for the last rejection; cleared when the stand is approved. */
  @Column({ name: 'rejection_reason', type: 'text', nullable: true })
  rejectionReason!: string | null;

  /** A guest's address (lower case) for the manage link and news about the stand; null when none was given. */
  @Column({ name: 'guest_email', type: 'text', nullable: true })
  guestEmail!: string | null;

  /**
   * SHA-256 (hex) of a guest stand's manage token (guest-manage-token.ts). The token itself is
   * only ever in the guest's link: a database leak gives nobody a guest's stand.
   */
  @Index('UQ_stands_manage_token_hash', { unique: true })
  @Column({ name: 'manage_token_hash', type: 'text', nullable: true })
  manageTokenHash!: string | null;

  /**
   * When the stand joined its event's waitlist (drawn under the event's capacity lock, so the order
   * is the order of admission): its place is its rank among the waitlisted stands. Kept afterwards.
   */
  @Column({ name: 'waitlisted_at', type: 'timestamptz', nullable: true })
  waitlistedAt!: Date | null;

  /** 'approximate': the public sees a ~200 m cell until the event's first day (privacy/stand-privacy.ts). */
  @Column({ name: 'location_precision', type: 'text', default: 'exact' })
  locationPrecision!: TLocationPrecision;

  /** 'number': the public sees the stand number (or "Aussteller"), never the person's name. */
  @Column({ name: 'name_display', type: 'text', default: 'name' })
  nameDisplay!: TNameDisplay;

  /**
   * The stand's address (issue 33, a Hofflohmarkt's courtyard or garage): all four or none. Public
   * reads of an approximate stand leave out the house number until the event day (privacy/stand-privacy.ts);
   * retention erases the house number with a guest's other personal data.
   */
  @Column({ name: 'address_street', type: 'text', nullable: true })
  addressStreet!: string | null;

  @Column({ name: 'address_house_number', type: 'text', nullable: true })
  addressHouseNumber!: string | null;

  @Column({ name: 'address_postcode', type: 'text', nullable: true })
  addressPostcode!: string | null;

  @Column({ name: 'address_town', type: 'text', nullable: true })
  addressTown!: string | null;

  /** When the retention job erased the guest's personal data (privacy/retention.ts); null before. */
  @Column({ name: 'anonymised_at', type: 'timestamptz', nullable: true })
  anonymisedAt!: Date | null;

  /** How long after the market's start an accepted hold of one of its items lasts (issue 35, holds/). */
  @Column({ name: 'hold_minutes', type: 'integer', default: 60 })
  holdMinutes!: number;

  /** Where the stand is in the reconfirmation (issue 36, reconfirmation/): migration MarketDay1764901100000. */
  @Column({ type: 'text', default: 'not-asked' })
  confirmation!: TConfirmationState;

  /** SHA-256 of the "Bist du dabei?" link's token; null until asked. */
  @Column({ name: 'confirmation_token_hash', type: 'text', nullable: true, select: false })
  confirmationTokenHash!: string | null;

  @Column({ name: 'confirmation_asked_at', type: 'timestamptz', nullable: true })
  confirmationAskedAt!: Date | null;

  @Column({ name: 'confirmation_answered_at', type: 'timestamptz', nullable: true })
  confirmationAnsweredAt!: Date | null;

  /** Entered on site by the organiser or the team (issue 36 counts them on the day). */
  @Column({ name: 'walk_up', type: 'boolean', default: false })
  walkUp!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
