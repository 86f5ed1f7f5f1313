import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Read model: a user's display names and e-mail address, as the auth service last announced them
 * (UserProfileChanged), or their tombstone (UserDeleted). Written only by user-names.ts.
 */
@Entity({ name: 'user_names' })
export class UserNamesEntity {
  /** A user of the auth service (no foreign key across services). */
  @PrimaryColumn({ name: 'user_id', type: 'uuid', primaryKeyConstraintName: 'PK_user_names' })
  userId!: string;

  @Column({ name: 'first_name', type: 'text', nullable: true })
  firstName!: string | null;

  @Column({ name: 'last_name', type: 'text', nullable: true })
  lastName!: string | null;

  /** Where the user's stand notices go (null: not announced yet, or the user is gone). */
  @Column({ type: 'text', nullable: true })
  email!: string | null;

  /** false: the user made their seller profile private (their stands do not lead to it). */
  @Column({ name: 'profile_public', type: 'boolean', default: true })
  profilePublic!: boolean;

  /** The user is gone: nothing may bring them back (their id is never reused). */
  @Column({ type: 'boolean', default: false })
  deleted!: boolean;

  /** The version of the message applied last (bigint, read as a string). */
  @Column({ type: 'bigint' })
  version!: string;
}
