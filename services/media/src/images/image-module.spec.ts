import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decompressionBomb, hasGps, pngOfSize, tinyBlackPng, undecodablePng } from '../testing/test-images.js';
import { ImageModule, type RenderedPhoto, UndecodableImageError } from './image-module.js';

const images = new ImageModule({ maxInputPixels: 40_000_000, concurrency: 1 });

// The worker renders from a local file (as it does with an original fetched from the bucket).
const scratch = mkdtempSync(path.join(tmpdir(), 'image-module-spec-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let files = 0;
function render(bytes: Buffer): Promise<RenderedPhoto> {
  const file = path.join(scratch, `original-${files++}`);
  writeFileSync(file, bytes);
  return images.render(file);
}

function noise(width: number, height: number): Sharp {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (Math.random() * 256) | 0;
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

const GPS = { IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '13/1 24/1 0/1' } };

describe('image module', () => {
  let bigPng: Buffer;
  beforeAll(async () => {
    // Noise does not compress: well over 2 MB, so the first size rule applies.
    bigPng = await noise(2400, 1200).png({ compressionLevel: 1 }).toBuffer();
  });

  it('tells images from other bytes by decoding the header, not by name or type', async () => {
    const jpeg = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    expect(await images.inspect(jpeg)).toEqual({ kind: 'image', format: 'jpeg', width: 30, height: 20 });
    expect(await images.inspect(Buffer.from('GIF89a? no, just text'))).toEqual({ kind: 'not-image' });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    expect(await images.inspect(svg)).toEqual({ kind: 'not-image' });
  });

  it('refuses a decompression bomb from its header', async () => {
    expect(await images.inspect(decompressionBomb())).toEqual({ kind: 'too-many-pixels', width: 20000, height: 20000 });
  });

  it('fits a 5 KB PNG of 6000x6000 pixels into 1920x1080: its byte size does not let it keep its size', async () => {
    // 36 MP: 7000x7000 (49 MP) is over the 40 MP every input is held to and refused from its header.
    const huge = tinyBlackPng(6000, 6000);
    expect(huge.length).toBeLessThan(8 * 1024);
    const out = await render(huge);
    const [full, thumb] = await Promise.all([sharp(out.full).metadata(), sharp(out.thumb).metadata()]);
    expect([full.format, full.width, full.height]).toEqual(['jpeg', 1080, 1080]);
    expect([thumb.width, thumb.height]).toEqual([400, 400]);
  });

  it('keeps the aspect of a wide image and never enlarges a small one', async () => {
    const wide = await sharp({ create: { width: 6000, height: 1000, channels: 3, background: '#eee' } })
      .png()
      .toBuffer();
    const small = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#eee' } })
      .png()
      .toBuffer();
    expect([(await render(wide)).width, (await render(wide)).height]).toEqual([1920, 320]);
    expect([(await render(small)).width, (await render(small)).height]).toEqual([300, 200]);
  });

  it('refuses an input over 40 megapixels from its header (8000x6000, 7000x7000) and takes one just at the limit', async () => {
    expect(await images.inspect(pngOfSize(8000, 6000))).toEqual({ kind: 'too-many-pixels', width: 8000, height: 6000 });
    expect(await images.inspect(pngOfSize(7000, 7000))).toEqual({ kind: 'too-many-pixels', width: 7000, height: 7000 });
    expect(await images.inspect(pngOfSize(8000, 5000))).toEqual({ kind: 'image', format: 'png', width: 8000, height: 5000 });
    // The worker refuses it too, should such an original ever reach it.
    await expect(render(pngOfSize(8000, 6000))).rejects.toThrow(/8000x6000 pixels exceed the limit/);
  });

  it('fits an image over 2 MB into 1920x1080 and strips its metadata, GPS included', async () => {
    const withGps = await sharp(bigPng).jpeg({ quality: 100 }).withExif(GPS).toBuffer();
    expect(withGps.length).toBeGreaterThan(2 * 1024 * 1024);
    expect(hasGps((await sharp(withGps).metadata()).exif)).toBe(true);
    const out = await render(withGps);
    const meta = await sharp(out.full).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif, meta.icc]).toEqual(['jpeg', 1920, 960, undefined, undefined]);
    expect([out.width, out.height]).toEqual([1920, 960]);
    const thumb = await sharp(out.thumb).metadata();
    expect([thumb.width, thumb.height]).toEqual([400, 200]);
  });

  it('decodes a 12 MP camera JPEG at half size and loses less detail than the JPEG quality 80 itself does', async () => {
    // Blurred noise: as fine-grained as a sharp photo gets, the hardest case for a half-size decode.
    const camera = await noise(4000, 3000).blur(1.2).jpeg({ quality: 92 }).withExif(GPS).toBuffer();
    expect(camera.length).toBeGreaterThan(2 * 1024 * 1024);
    const out = await render(camera);
    expect([out.width, out.height]).toEqual([1440, 1080]);
    const thumb = await sharp(out.thumb).metadata();
    expect([thumb.width, thumb.height, thumb.exif]).toEqual([400, 300, undefined]);
    expect(hasGps((await sharp(out.full).metadata()).exif)).toBe(false);

    // The reference: the full decode, reduced with sharp's default kernel. What quality 80 alone
    // costs is measured on it; the served photo may differ from it by no more than that.
    const raw = { width: 1440, height: 1080, channels: 3 } as const;
    const reference = await sharp(camera).resize({ width: 1920, height: 1080, fit: 'inside', kernel: 'lanczos3' }).raw().toBuffer();
    const referenceAt80 = await sharp(await sharp(reference, { raw }).jpeg({ quality: 80 }).toBuffer())
      .raw()
      .toBuffer();
    const served = await sharp(out.full).raw().toBuffer();
    const meanDifference = (a: Buffer, b: Buffer) => {
      let sum = 0;
      for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
      return sum / a.length;
    };
    expect(meanDifference(served, reference)).toBeLessThan(meanDifference(referenceAt80, reference) * 1.1);
  });

  it('turns a photo upright by its EXIF orientation', async () => {
    const sideways = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#abc' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const meta = await sharp((await render(sideways)).full).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([200, 300, undefined]);
  });

  it('keeps the size of a small image and gives transparent areas a white background', async () => {
    const transparent = await sharp({ create: { width: 120, height: 80, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const out = await render(transparent);
    const { data, info } = await sharp(out.full).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([120, 80]);
    expect(data[0]).toBeGreaterThan(250);
  });

  it('renders grey and 16-bit images as ordinary 8-bit JPEGs with a thumbnail', async () => {
    const grey = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#777' } })
      .greyscale()
      .jpeg()
      .toBuffer();
    const deep = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c0392b' } })
      .png()
      .toColourspace('rgb16')
      .toBuffer();
    expect((await sharp(deep).metadata()).depth).toBe('ushort');
    for (const input of [grey, deep]) {
      const out = await render(input);
      const [full, thumb] = await Promise.all([sharp(out.full).metadata(), sharp(out.thumb).metadata()]);
      expect([full.format, full.width, full.height, full.depth]).toEqual(['jpeg', 800, 600, 'uchar']);
      expect([thumb.width, thumb.height]).toEqual([400, 300]);
    }
    const { data } = await sharp((await render(deep)).full)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]].map((v) => Math.round(v! / 10))).toEqual([19, 6, 4]);
  });

  it('fits 16-bit, grey and CMYK images over 2 MB as ordinary 8-bit JPEGs in their own colours', async () => {
    // Faint noise around one colour: large enough for the first size rule, with a known mean colour.
    const tinted = (width: number, height: number, rgb: readonly number[]) => {
      const pixels = Buffer.alloc(width * height * 3);
      for (let i = 0; i < pixels.length; i++) pixels[i] = rgb[i % 3]! + ((Math.random() * 24) | 0) - 12;
      return sharp(pixels, { raw: { width, height, channels: 3 } });
    };
    const inputs = [
      await tinted(2400, 1200, [192, 57, 43]).png({ compressionLevel: 1 }).toColourspace('rgb16').toBuffer(),
      await tinted(3000, 1500, [120, 120, 120]).greyscale().png({ compressionLevel: 1 }).toBuffer(),
      await tinted(2400, 1200, [40, 90, 200]).toColourspace('cmyk').jpeg({ quality: 100 }).toBuffer(),
    ];
    const meanColour = async (image: Buffer) => (await sharp(image).stats()).channels.map((c) => c.mean);
    for (const input of inputs) {
      expect(input.length).toBeGreaterThan(2 * 1024 * 1024);
      // The colours sharp itself gives the whole image as an 8-bit sRGB JPEG (CMYK goes through a profile).
      const expected = await meanColour(await sharp(input).jpeg({ quality: 100 }).toBuffer());
      const out = await render(input);
      const [full, thumb] = await Promise.all([sharp(out.full).metadata(), sharp(out.thumb).metadata()]);
      expect([full.format, full.width, full.height, full.depth]).toEqual(['jpeg', 1920, 960, 'uchar']);
      expect([thumb.format, thumb.width, thumb.height]).toEqual(['jpeg', 400, 200]);
      for (const variant of [out.full, out.thumb]) {
        const mean = await meanColour(variant);
        // A grey photo may come back with one channel or three: each is compared with the grey.
        mean.forEach((value, i) => expect(Math.abs(value - (expected[i] ?? expected[0]!))).toBeLessThan(3));
      }
    }
  });

  it('reports bytes that do not decode as a failure no retry can fix', async () => {
    await expect(render(undecodablePng())).rejects.toBeInstanceOf(UndecodableImageError);
  });
});
