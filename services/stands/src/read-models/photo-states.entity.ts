import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Read model: a stand photo's state as the media service last announced it (PhotoStateChanged);
 * 'removed' is the tombstone. Written only by photo-states.ts.
 */
@Entity({ name: 'photo_states' })
export class PhotoStatesEntity {
  /** A photo of the media service (no foreign key across services). */
  @PrimaryColumn({ name: 'photo_id', type: 'uuid', primaryKeyConstraintName: 'PK_photo_states' })
  photoId!: string;

  @Index('IDX_photo_states_stand_id')
  @Column({ name: 'stand_id', type: 'uuid' })
  standId!: string;

  /** The public path the stand lists for it. */
  @Column({ type: 'text' })
  path!: string;

  /** processing, ready, failed or removed. */
  @Column({ type: 'text' })
  state!: string;

  /** The German sentence of a failed photo. */
  @Column({ type: 'text', nullable: true })
  reason!: string | null;

  /** The version of the message applied last (bigint, read as a string). */
  @Column({ type: 'bigint' })
  version!: string;
}
