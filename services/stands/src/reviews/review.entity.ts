import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'reviews' })
export class ReviewEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_reviews' })
  id!: string;

  @Index('IDX_reviews_stand_id')
  @Column({ name: 'stand_id', type: 'uuid' })
  standId!: string;

  /** A user of the auth service. */
  @Column({ name: 'reviewer_id', type: 'uuid' })
  reviewerId!: string;

  @Column({ type: 'integer' })
  rating!: number;

  @Column({ type: 'text', nullable: true })
  comment!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
