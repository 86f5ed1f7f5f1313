import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One row per event that ever had a stand: the version of its last EventStandCountChanged. Raised
 * in the transaction of every change that can move the event's approved count, whose UPDATE also
 * locks the row until commit (approved-counts.ts).
 */
@Entity({ name: 'approved_count_versions' })
export class ApprovedCountVersionEntity {
  /** An event of the events service (no foreign key across services). */
  @PrimaryColumn({ name: 'event_id', type: 'uuid', primaryKeyConstraintName: 'PK_approved_count_versions' })
  eventId!: string;

  /** bigint: read as a string by the driver. */
  @Column({ type: 'bigint' })
  version!: string;
}
