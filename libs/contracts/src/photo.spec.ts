import { describe, expect, it } from 'vitest';
import { VALIDATION } from './validation-messages.js';
import { ZPhotoDelete, ZPhotoUpload, ZPhotosResponse } from './photo.js';
import { firstMessage } from './testing/issues.js';

describe('photo calls', () => {
  const upload = { photoData: 'data:image/jpeg;base64,/9j/4AAQSkZJRg==', fileName: 'stand.jpg' };

  it('accept an image data URL', () => {
    expect(ZPhotoUpload.parse({ ...upload, extra: 1 })).toEqual(upload);
  });

  it.each([
    [{ ...upload, photoData: 'data:application/pdf;base64,JVBERi0=' }, VALIDATION.imageRequired],
    [{ ...upload, photoData: 'https://example.com/x.jpg' }, VALIDATION.imageRequired],
    [{ fileName: 'x.jpg' }, VALIDATION.imageRequired],
    [{ ...upload, fileName: ' ' }, VALIDATION.fileNameRequired],
  ])('reject %j', (body, message) => {
    expect(firstMessage(ZPhotoUpload, body)).toBe(message);
  });

  it('describe delete and the answer', () => {
    expect(ZPhotoDelete.parse({ photoPath: '/api/media/stands/a/1.jpg' })).toEqual({ photoPath: '/api/media/stands/a/1.jpg' });
    expect(firstMessage(ZPhotoDelete, {})).toBe(VALIDATION.photoPathRequired);
    expect(ZPhotosResponse.parse({ photos: ['a'] })).toEqual({ photos: ['a'] });
  });
});
