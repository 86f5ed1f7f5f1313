import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'reviews' })
/** One review per user and stand. */
@Index('UQ_reviews_stand_id_reviewer_id', ['standId', 'reviewerId'], { unique: true })
export class ReviewEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_reviews' })
  id!: string;

  @Index('IDX_reviews_stand_id')
  @Column({ name: 'stand_id', type: 'uuid' })
  standId!: string;

  /** A user of the auth service. */
  @Index('IDX_reviews_reviewer_id')
  @Column({ name: 'reviewer_id', type: 'uuid' })
  reviewerId!: string;

  @Column({ type: 'integer' })
  rating!: number;

  @Column({ type: 'text', nullable: true })
  comment!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
