import { describe, expect, it } from 'vitest';
import { standPhotoThumbnailPath } from '@flohmarkt/contracts';
import { allPhotoKeys, originalKey, parsePhotoPath, parseServedFile, standPhotoPath, standPrefix, variantKey } from './photo-keys.js';

const STAND = '3f2b8c1e-0d7a-4c55-9a1e-6b2f0c9d8e71';
const PHOTO = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';

describe('photo keys and paths', () => {
  it('derives the same keys for the same photo, all below the stand prefix', () => {
    expect(originalKey(STAND, PHOTO)).toBe(`stands/${STAND}/${PHOTO}/original`);
    expect(variantKey(STAND, PHOTO, 'full')).toBe(`stands/${STAND}/${PHOTO}/full.jpg`);
    expect(variantKey(STAND, PHOTO, 'thumb')).toBe(`stands/${STAND}/${PHOTO}/thumb.jpg`);
    for (const key of allPhotoKeys(STAND, PHOTO)) expect(key.startsWith(standPrefix(STAND))).toBe(true);
  });

  it('stores a gateway path on the stand, with the thumbnail at a derivable path', () => {
    const path = standPhotoPath(STAND, PHOTO);
    expect(path).toBe(`/api/media/stands/${STAND}/${PHOTO}.jpg`);
    expect(standPhotoThumbnailPath(path)).toBe(`/api/media/stands/${STAND}/${PHOTO}.thumb.jpg`);
    expect(standPhotoThumbnailPath('https://example.org/x.jpg')).toBe('https://example.org/x.jpg');
  });

  it('reads the served file name, and nothing that is not a photo id', () => {
    expect(parseServedFile(`${PHOTO}.jpg`)).toEqual({ photoId: PHOTO, variant: 'full' });
    expect(parseServedFile(`${PHOTO}.thumb.jpg`)).toEqual({ photoId: PHOTO, variant: 'thumb' });
    expect(parseServedFile(`${PHOTO.toUpperCase()}.jpg`)).toEqual({ photoId: PHOTO, variant: 'full' });
    for (const bad of ['x.jpg', `${PHOTO}.png`, `${PHOTO}`, `${PHOTO}.original.jpg`, `../${PHOTO}.jpg`]) expect(parseServedFile(bad)).toBeNull();
  });

  it('parses a stand photo path back into its ids', () => {
    expect(parsePhotoPath(standPhotoPath(STAND, PHOTO))).toEqual({ standId: STAND, photoId: PHOTO });
    expect(parsePhotoPath(`/media/stands/${STAND}/${PHOTO}.jpg`)).toEqual({ standId: STAND, photoId: PHOTO });
    expect(parsePhotoPath(`/api/media/stands/${STAND}/${PHOTO}.thumb.jpg`)).toEqual({ standId: STAND, photoId: PHOTO });
    for (const bad of ['/uploads/x.jpg', `/api/media/stands/${STAND}/x/${PHOTO}.jpg`, `/api/media/stands/nope/${PHOTO}.jpg`, ''])
      expect(parsePhotoPath(bad)).toBeNull();
  });
});
