import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The versions of a stand's photo list, whose paths and `photo_error` are kept on the stand row
 * (a copy of the media service's list: written by photo-lists.ts from StandPhotosChanged, and at
 * once by an edit that reorders or removes photos, which media then follows).
 */
@Entity({ name: 'photo_lists' })
export class PhotoListsEntity {
  /** A stand of this service. The row of a deleted stand stays, unread (stand ids are never reused). */
  @PrimaryColumn({ name: 'stand_id', type: 'uuid', primaryKeyConstraintName: 'PK_photo_lists' })
  standId!: string;

  /** The version of the media service's StandPhotosChanged applied last (bigint, read as a string). */
  @Column({ type: 'bigint', default: 0 })
  version!: string;

  /** This service's counter of the edits it sent media (StandPhotosEdited), raised under the row's lock. */
  @Column({ name: 'edit_version', type: 'bigint', default: 0 })
  editVersion!: string;
}
