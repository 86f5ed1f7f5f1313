import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique, UpdateDateColumn } from 'typeorm';
import type { TRole } from '@flohmarkt/contracts';

@Entity({ name: 'users' })
@Unique('UQ_users_email', ['email'])
@Unique('UQ_users_oidc_identity', ['oidcIssuer', 'oidcSubject'])
export class UserEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_users' })
  id!: string;

  /** Always stored in lower case; one account per address. It follows the provider's verified e-mail. */
  @Column({ type: 'text' })
  email!: string;

  /**
   * The person's identity across sign-ins: the provider's `iss` and `sub`. Null only for users from
   * before they were kept, who are linked once at their next sign-in with a verified e-mail.
   */
  @Column({ name: 'oidc_issuer', type: 'text', nullable: true })
  oidcIssuer!: string | null;

  @Column({ name: 'oidc_subject', type: 'text', nullable: true })
  oidcSubject!: string | null;

  @Column({ name: 'first_name', type: 'text', nullable: true })
  firstName!: string | null;

  @Column({ name: 'last_name', type: 'text', nullable: true })
  lastName!: string | null;

  @Column({ name: 'profile_image_url', type: 'text', nullable: true })
  profileImageUrl!: string | null;

  @Column({ type: 'text', default: 'participant' })
  role!: TRole;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
