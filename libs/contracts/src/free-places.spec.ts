import { describe, expect, it } from 'vitest';
import { freePlaces, takesPlace } from './free-places.js';

describe('free places', () => {
  it('counts approved and pending stands as taking a place, the waitlist and the rejected not', () => {
    expect(['approved', 'pending', 'waitlisted', 'rejected'].filter((s) => takesPlace(s as Parameters<typeof takesPlace>[0]))).toEqual(['approved', 'pending']);
  });

  it('is the cap minus the places taken, never below 0, and none without a cap', () => {
    expect(freePlaces(3, 2)).toBe(1);
    expect(freePlaces(3, 3)).toBe(0);
    expect(freePlaces(3, 5)).toBe(0);
    expect(freePlaces(null, 5)).toBeNull();
  });
});
