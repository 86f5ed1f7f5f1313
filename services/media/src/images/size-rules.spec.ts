import { describe, expect, it } from 'vitest';
import { KEEP_SIZE_QUALITY, firstPass, secondPass } from './size-rules.js';

const MiB = 1024 * 1024;

describe('size rules (spec section 9)', () => {
  it('keeps the size of an original up to 2 MB and only re-encodes it', () => {
    expect(firstPass(500 * 1024)).toEqual({ maxWidth: null, maxHeight: null, quality: KEEP_SIZE_QUALITY });
    expect(firstPass(2 * MiB)).toEqual({ maxWidth: null, maxHeight: null, quality: KEEP_SIZE_QUALITY });
  });

  it('fits an original over 2 MB into 1920x1080 at quality 80', () => {
    expect(firstPass(2 * MiB + 1)).toEqual({ maxWidth: 1920, maxHeight: 1080, quality: 80 });
    expect(firstPass(9 * MiB)).toEqual({ maxWidth: 1920, maxHeight: 1080, quality: 80 });
  });

  it('redoes a result still over about 8 MB at 1280x720 and quality 60, and leaves others alone', () => {
    expect(secondPass(8 * MiB + 1)).toEqual({ maxWidth: 1280, maxHeight: 720, quality: 60 });
    expect(secondPass(8 * MiB)).toBeNull();
    expect(secondPass(700 * 1024)).toBeNull();
  });
});
