import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One row per exhibitor that ever had a stand: the version of their last ExhibitorStatsChanged.
 * Raised in the transaction of every change that can move their figures, whose UPDATE also locks
 * the row until commit (exhibitor-stats.ts).
 */
@Entity({ name: 'exhibitor_stats_versions' })
export class ExhibitorStatsVersionEntity {
  /** A user of the auth service (no foreign key across services). */
  @PrimaryColumn({ name: 'user_id', type: 'uuid', primaryKeyConstraintName: 'PK_exhibitor_stats_versions' })
  userId!: string;

  /** bigint: read as a string by the driver. */
  @Column({ type: 'bigint' })
  version!: string;
}
