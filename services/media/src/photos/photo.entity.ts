import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * processing: original stored, job queued; ready: served and thumb written; failed: a retry cannot
 * fix it (failure_reason says why); deleting: gone from the stand, its objects still to be removed
 * (the object store was unreachable at the time; the worker's sweep finishes it).
 */
export type TPhotoState = 'processing' | 'ready' | 'failed' | 'deleting';

/** The job state of one stand or item photo; the bytes live in the bucket under the keys below. */
@Entity({ name: 'photos' })
export class PhotoEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_photos' })
  id!: string;

  /** A stand of the stands service (no foreign key across services). */
  @Index('IDX_photos_stand_id')
  @Column({ name: 'stand_id', type: 'uuid' })
  standId!: string;

  /** An item of that stand whose one photo this is (issue 35); null: a photo on the stand's own list. */
  @Index('IDX_photos_item_id')
  @Column({ name: 'item_id', type: 'uuid', nullable: true })
  itemId!: string | null;

  @Column({ type: 'integer' })
  position!: number;

  @Column({ type: 'text', default: 'processing' })
  status!: TPhotoState;

  @Column({ name: 'original_key', type: 'text' })
  originalKey!: string;

  /** Set only once the served variant is completely written: nothing half-written is served. */
  @Column({ name: 'served_key', type: 'text', nullable: true })
  servedKey!: string | null;

  @Column({ name: 'thumb_key', type: 'text', nullable: true })
  thumbKey!: string | null;

  @Column({ name: 'failure_reason', type: 'text', nullable: true })
  failureReason!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
