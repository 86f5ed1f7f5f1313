import { describe, expect, it } from 'vitest';
import { SMALL_ORIGINAL_QUALITY, decodeShrink, firstPass, secondPass } from './size-rules.js';

const MiB = 1024 * 1024;

describe('size rules (docs/product.md#photos)', () => {
  it('fits an original up to 2 MB into 1920x1080 too, at a higher quality', () => {
    expect(firstPass(6 * 1024)).toEqual({ maxWidth: 1920, maxHeight: 1080, quality: SMALL_ORIGINAL_QUALITY });
    expect(firstPass(2 * MiB)).toEqual({ maxWidth: 1920, maxHeight: 1080, quality: SMALL_ORIGINAL_QUALITY });
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

describe('shrink while decoding', () => {
  const box = firstPass(9 * MiB);
  const jpeg = (width: number, height: number, orientation = 1) => ({ format: 'jpeg', width, height, orientation });

  it('halves a 12 MP camera JPEG while decoding and leaves the rest of the reduction to the resize', () => {
    expect(decodeShrink(jpeg(4000, 3000), box)).toBe(2);
    expect(decodeShrink(jpeg(8000, 6000), box)).toBe(4);
    expect(decodeShrink(jpeg(20000, 12000), box)).toBe(8);
  });

  it('never decodes to fewer pixels than the box needs', () => {
    expect(decodeShrink(jpeg(3800, 2000), box)).toBe(1); // 1.98x: halving would leave 1900x1000
    expect(decodeShrink(jpeg(1920, 1080), box)).toBe(1);
    expect(decodeShrink(jpeg(800, 600), box)).toBe(1);
  });

  it('measures a sideways photo (EXIF orientation 5 to 8) against the box turned with it', () => {
    // Upright it is 1000x5000: 1080 high needs only a fifth of its height.
    expect(decodeShrink(jpeg(5000, 1000, 6), box)).toBe(4);
    expect(decodeShrink(jpeg(5000, 1000, 1), box)).toBe(2);
  });

  it('decodes other formats in full, and shrinks a large JPEG whatever its byte size', () => {
    expect(decodeShrink({ format: 'png', width: 4000, height: 3000, orientation: 1 }, box)).toBe(1);
    expect(decodeShrink(jpeg(4000, 3000), firstPass(MiB))).toBe(2);
  });
});
