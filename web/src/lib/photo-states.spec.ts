// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { hasPhotoProcessing, photoStates, photoStatesAfter } from './photo-states';

const a = '/api/media/stands/s1/a.jpg';
const b = '/api/media/stands/s1/b.jpg';

describe('photo states', () => {
  it('follows the order of photos, and a media path the read says nothing about is processing', () => {
    const stand = { photos: [b, a, 'https://example.org/alt.jpg'], photoStates: [{ path: a, state: 'ready' as const }] };
    expect(photoStates(stand)).toEqual([
      { path: b, state: 'processing' },
      { path: a, state: 'ready' },
      { path: 'https://example.org/alt.jpg', state: 'ready' },
    ]);
    expect(hasPhotoProcessing(stand)).toBe(true);
  });

  it('asks for no refresh when every photo is ready or failed', () => {
    expect(
      hasPhotoProcessing({
        photos: [a, b],
        photoStates: [
          { path: a, state: 'ready' },
          { path: b, state: 'failed', reason: 'kaputt' },
        ],
      }),
    ).toBe(false);
    expect(hasPhotoProcessing({ photos: [], photoStates: [] })).toBe(false);
    expect(hasPhotoProcessing(undefined)).toBe(false);
  });

  it('keeps the known states after an upload and marks the new photo processing', () => {
    expect(photoStatesAfter([{ path: a, state: 'ready' }], [a, b])).toEqual([
      { path: a, state: 'ready' },
      { path: b, state: 'processing' },
    ]);
    expect(
      photoStatesAfter(
        [
          { path: a, state: 'ready' },
          { path: b, state: 'processing' },
        ],
        [b],
      ),
    ).toEqual([{ path: b, state: 'processing' }]);
  });
});
