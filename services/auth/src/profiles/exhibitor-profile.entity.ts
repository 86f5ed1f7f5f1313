import type { TProfileVisibility } from '@flohmarkt/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'exhibitor_profiles' })
export class ExhibitorProfileEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_exhibitor_profiles' })
  id!: string;

  /** One profile per user (a second create is a 409). */
  @Index('IDX_exhibitor_profiles_user_id', { unique: true })
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'text', nullable: true })
  bio!: string | null;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  specialties!: string[];

  @Column({ name: 'kleinanzeigen_url', type: 'text', nullable: true })
  kleinanzeigenUrl!: string | null;

  @Column({ name: 'vinted_url', type: 'text', nullable: true })
  vintedUrl!: string | null;

  /** 'private': the seller page and the user's public lists answer 404 to everyone but the user and admins. */
  @Column({ type: 'text', default: 'public' })
  visibility!: TProfileVisibility;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
