import { describe, expect, it } from 'vitest';
import { GET_MEDIA_FILE, publicCallPath } from './public-api/index.js';
import { STAND_PHOTO_PREFIX } from './stand-photo-paths.js';

describe('STAND_PHOTO_PREFIX', () => {
  // Written out, not derived: deriving it would load the call declarations, and with them zod, into
  // the web app's first paint (zod-free.spec.ts). So the declaration checks the copy.
  it('is the stand photos below the path GET_MEDIA_FILE declares', () => {
    expect(STAND_PHOTO_PREFIX).toBe(publicCallPath(GET_MEDIA_FILE, { rest: 'stands/' }));
  });
});
