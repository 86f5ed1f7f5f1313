import { describe, expect, it } from 'vitest';
import { STAND_API_ERRORS } from '@flohmarkt/contracts';
import { distanceError, photoListError } from './stand-rules.js';

// Cologne cathedral; one degree of latitude is about 111.2 km.
const event = { latitude: '50.94130000', longitude: '6.95830000' };

describe('the 15 km rule', () => {
  it('accepts a position within 15 km', () => {
    expect(distanceError(event, { latitude: 50.9413, longitude: 6.9583 })).toBeNull();
    expect(distanceError(event, { latitude: 51.0713, longitude: 6.9583 })).toBeNull(); // ≈ 14.5 km
  });

  it('refuses a position farther away with the distance to one decimal', () => {
    // 0.2° north ≈ 22.24 km
    expect(distanceError(event, { latitude: 51.1413, longitude: 6.9583 })).toBe(
      'Die gewählte Position ist 22.2km vom Flohmarkt entfernt. Maximal erlaubt sind 15km.',
    );
  });

  it('is skipped when the event has no coordinates', () => {
    expect(distanceError({ latitude: null, longitude: null }, { latitude: 10, longitude: 10 })).toBeNull();
    expect(distanceError(null, { latitude: 10, longitude: 10 })).toBeNull();
  });

  it('has nothing to check without a stand position (guest stands)', () => {
    expect(distanceError(event, { latitude: null, longitude: null })).toBeNull();
  });
});

describe('the photo list of an edit', () => {
  const stored = ['/api/media/stands/s/1.jpg', '/api/media/stands/s/2.jpg', '/api/media/stands/s/3.jpg'];

  it('may reorder and remove stored photos', () => {
    expect(photoListError(stored, [stored[2], stored[0], stored[1]])).toBeNull();
    expect(photoListError(stored, [stored[1]])).toBeNull();
    expect(photoListError(stored, [])).toBeNull();
  });

  it('may not add a photo, not even by repeating a stored one', () => {
    expect(photoListError(stored.slice(0, 2), [stored[0], stored[2]])).toBe(STAND_API_ERRORS.photosOnlyReorder);
    expect(photoListError([], ['https://example.org/x.jpg'])).toBe(STAND_API_ERRORS.photosOnlyReorder);
    expect(photoListError(stored, [stored[0], stored[0]])).toBe(STAND_API_ERRORS.photosOnlyReorder);
  });
});
