import zlib from 'node:zlib';
import sharp from 'sharp';

/** A photo-like JPEG (blurred noise, so it is large like a camera's) with camera data and a GPS position in EXIF. */
export async function cameraJpeg(width: number, height: number, options: { orientation?: number } = {}): Promise<Buffer> {
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (Math.random() * 256) | 0;
  const pipeline = sharp(noise, { raw: { width, height, channels: 3 } })
    .blur(1.2)
    .jpeg({ quality: 92 })
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'T-1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '13/1 24/1 0/1' },
    });
  // The orientation tag goes in through withMetadata (withExif alone does not keep it).
  return (options.orientation ? pipeline.withMetadata({ orientation: options.orientation }) : pipeline).toBuffer();
}

/** Whether EXIF data holds a GPS directory (tag 0x8825, either byte order). */
export function hasGps(exif: Buffer | undefined): boolean {
  return !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

function png(width: number, height: number, bitDepth: number, colorType: number, idat: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bitDepth;
  header[9] = colorType;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', idat), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A black 1-bit greyscale PNG that decodes: a few KB however many pixels (width a multiple of 8). */
export function tinyBlackPng(width: number, height: number): Buffer {
  const rows = Buffer.alloc(height * (1 + width / 8)); // filter byte per row
  return png(width, height, 1, 0, zlib.deflateSync(rows, { level: 9 }));
}

/** A real decompression bomb: 20000x20000 pixels (400 MP, 50 MB of pixel data) in about 50 KB. */
export function decompressionBomb(): Buffer {
  return tinyBlackPng(20000, 20000);
}

/** A PNG whose header is fine (it passes the upload check) but whose pixel data does not decode. */
export function undecodablePng(): Buffer {
  return png(640, 480, 8, 2, Buffer.from('these bytes are not a zlib stream'));
}

/** A PNG of any size by its header alone (its pixel data does not decode): what a header check sees. */
export function pngOfSize(width: number, height: number): Buffer {
  return png(width, height, 8, 2, Buffer.from('only the header counts'));
}

export function dataUrl(bytes: Buffer, type = 'image/jpeg'): string {
  return `data:${type};base64,${bytes.toString('base64')}`;
}
