import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The auth service's copy of each exhibitor's figures, kept from the stands service's
 * ExhibitorStatsChanged messages (exhibitor-figures-read-model.ts). A user without a row has no
 * approved stand yet: zero figures.
 */
@Entity({ name: 'exhibitor_figures' })
export class ExhibitorFiguresEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid', primaryKeyConstraintName: 'PK_exhibitor_figures' })
  userId!: string;

  @Column({ name: 'total_stands', type: 'integer' })
  totalStands!: number;

  /** Read as a string by the driver ('4.50'), which is how the pages answer it. */
  @Column({ name: 'avg_rating', type: 'decimal', precision: 3, scale: 2 })
  avgRating!: string;

  /** The version of the message the row holds (bigint: read as a string). */
  @Column({ type: 'bigint' })
  version!: string;
}
