import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One row per stand that ever had a photo: the lock and the counters of its photo list. The list
 * itself is the stand's `photos` rows in `position` order; every change of it raises `version`
 * under this row's lock (stand-photo-list.ts), which serialises the changes of one stand (so the
 * 3-photo limit holds with uploads racing) and orders its announcements.
 */
@Entity({ name: 'stand_photo_lists' })
export class StandPhotoListEntity {
  /** A stand of the stands service (no foreign key across services). */
  @PrimaryColumn({ name: 'stand_id', type: 'uuid', primaryKeyConstraintName: 'PK_stand_photo_lists' })
  standId!: string;

  /** The version of the last StandPhotosChanged (bigint: read as a string). */
  @Column({ type: 'bigint', default: 0 })
  version!: string;

  /** The editVersion of the last stand edit whose order was applied (StandPhotosEdited). */
  @Column({ name: 'edit_version', type: 'bigint', default: 0 })
  editVersion!: string;

  /** The German reason of the last upload that failed for good; cleared by the next upload. */
  @Column({ name: 'photo_error', type: 'text', nullable: true })
  photoError!: string | null;
}
