import { stat } from 'node:fs/promises';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { THUMBNAIL, type EncodePlan, type TImageHeader, decodeShrink, firstPass, secondPass } from './size-rules.js';

/*
 * The one place that touches sharp (libvips). Both processes configure it the same way: no file
 * cache (a long-running process must not keep descriptors of inputs it no longer needs), a
 * bounded number of threads, and a pixel limit so that a decompression bomb is refused.
 */

export interface ImageSettings {
  /** Images with more pixels are refused from their header (a decompression bomb is never decoded). */
  maxInputPixels: number;
  /** libvips threads per operation. */
  concurrency: number;
}

/** Formats accepted as uploads: what phones and browsers produce (HEIC where this libvips can read it). */
const ACCEPTED_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp', 'heif', 'gif', 'tiff']);

export type TInspection =
  | { kind: 'image'; format: string; width: number; height: number }
  | { kind: 'not-image' }
  /** HEIC from a phone, but this libvips has no HEVC decoder (sharp's prebuilt binaries read AVIF only). */
  | { kind: 'heic-unsupported' }
  | { kind: 'too-many-pixels'; width: number; height: number };

export interface RenderedPhoto {
  full: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

/**
 * The downscaling kernel: Magic Kernel Sharp 2013, designed for reducing photos (Facebook adopted
 * it for theirs). On a 12 MP camera JPEG the whole render costs 6.5 % fewer instructions than with
 * sharp's default lanczos3 (callgrind: 933 M against 998 M, of which the decode alone is 578 M).
 */
const DOWNSCALE_KERNEL = 'mks2013';

/** Whether this build of libvips decodes HEVC-compressed HEIF (.heic), as its list of readable suffixes says. */
const HEVC_READABLE = sharp.format.heif.input.fileSuffix?.includes('.heic') ?? false;

/** A failure that trying again cannot fix (the bytes do not decode). */
export class UndecodableImageError extends Error {}

export class ImageModule {
  constructor(private readonly settings: ImageSettings) {
    sharp.cache({ files: 0 });
    sharp.concurrency(settings.concurrency);
  }

  /**
   * Reads only the header: is it an image in an accepted format, and is it small enough to decode?
   * The name and the declared type prove nothing; this does.
   */
  async inspect(bytes: Buffer): Promise<TInspection> {
    let meta: Metadata;
    try {
      meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    } catch {
      return { kind: 'not-image' };
    }
    const { format, width, height } = meta;
    if (!format || !ACCEPTED_FORMATS.has(format) || !width || !height) return { kind: 'not-image' };
    if (format === 'heif' && meta.compression === 'hevc' && !HEVC_READABLE) return { kind: 'heic-unsupported' };
    if (width * height > this.settings.maxInputPixels) return { kind: 'too-many-pixels', width, height };
    return { kind: 'image', format, width, height };
  }

  /**
   * The served variant and the thumbnail of an original in a local file: upright (EXIF orientation
   * applied), sized by docs/product.md#photos, JPEG, and without any metadata (no GPS, no camera data).
   * A file, not a buffer: only a file can be opened with libjpeg's shrink-on-load (libvips reads
   * loader options from the file name, `photo[shrink=2]`; sharp has no such option for a buffer).
   */
  async render(file: string): Promise<RenderedPhoto> {
    // libvips would take a bracket as the start of loader options.
    if (/[[\]]/.test(file)) throw new Error(`render: file name must not contain brackets: ${file}`);
    try {
      const header = await this.header(file);
      const rendered = await this.renderPass(file, header, firstPass((await stat(file)).size));
      const again = secondPass(rendered.full.length);
      return again ? await this.renderPass(file, header, again) : rendered;
    } catch (err) {
      throw new UndecodableImageError(`image does not decode: ${(err as Error).message}`);
    }
  }

  /** Both variants by one plan. */
  private async renderPass(file: string, header: TImageHeader, plan: EncodePlan): Promise<RenderedPhoto> {
    const upright = this.upright(file, header, plan);
    // Fitted into the box, the image is at most 1920x1080 (6 MB of pixels): decoded once, and both
    // variants are encoded from the same pixels. Decoding the served JPEG again for the thumbnail
    // cost 5 % of the render (callgrind: 862 M instructions against 821 M for a 12 MP photo).
    const { data, info } = await upright.raw().toBuffer({ resolveWithObject: true });
    const pixels = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const [full, thumb] = await Promise.all([this.encode(sharp(data, pixels), plan.quality).toBuffer(), this.thumbnail(sharp(data, pixels)).toBuffer()]);
    return { full, thumb, width: info.width, height: info.height };
  }

  /** The header the decode is planned from; a decompression bomb is refused here, before any pixel is decoded. */
  private async header(file: string): Promise<TImageHeader> {
    const meta = await sharp(file, { limitInputPixels: false }).metadata();
    const { format, width, height } = meta;
    if (!format || !width || !height) throw new Error('no image header');
    if (width * height > this.settings.maxInputPixels) throw new Error(`${width}x${height} pixels exceed the limit`);
    return { format, width, height, orientation: meta.orientation ?? 1 };
  }

  /** Upright, fitted into the plan's box (never enlarged), transparent areas white. */
  private upright(file: string, header: TImageHeader, plan: EncodePlan): Sharp {
    const shrink = decodeShrink(header, plan);
    return (
      sharp(shrink > 1 ? `${file}[shrink=${shrink}]` : file, { limitInputPixels: this.settings.maxInputPixels, failOn: 'error' })
        .rotate()
        .resize({ width: plan.maxWidth, height: plan.maxHeight, fit: 'inside', withoutEnlargement: true, kernel: DOWNSCALE_KERNEL })
        // Transparent areas of PNG/WebP become white, not black, in a JPEG.
        .flatten({ background: '#ffffff' })
    );
  }

  /**
   * JPEG without metadata. Huffman optimisation is off: at 1440x1080 it more than doubles the
   * encode (21 ms against 9) for files 4 % smaller.
   */
  private encode(image: Sharp, quality: number): Sharp {
    return image.jpeg({ quality, optimiseCoding: false });
  }

  private thumbnail(image: Sharp): Sharp {
    return this.encode(image.resize({ width: THUMBNAIL.width, withoutEnlargement: true, kernel: DOWNSCALE_KERNEL }), THUMBNAIL.quality);
  }
}
