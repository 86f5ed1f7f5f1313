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

const u32 = (n: number): Buffer => Buffer.from([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
const u16 = (n: number): Buffer => Buffer.from([(n >>> 8) & 255, n & 255]);
const isoBox = (type: string, ...parts: Buffer[]): Buffer => {
  const body = Buffer.concat(parts);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
};
const fullBox = (type: string, version: number, ...parts: Buffer[]): Buffer => isoBox(type, Buffer.from([version, 0, 0, 0]), ...parts);

/**
 * The header of a phone's HEIC (HEVC-compressed HEIF) photo, built by hand: one `hvc1` item with
 * its size (`ispe`) and a 16-byte stand-in for the compressed data. What the upload check reads;
 * a libvips without an HEVC decoder (sharp's prebuilt one) reports it as heif with hevc compression.
 */
export function heicHeader(width: number, height: number): Buffer {
  const ftyp = isoBox('ftyp', Buffer.from('heic'), u32(0), Buffer.from('mif1heic'));
  const hdlr = fullBox('hdlr', 0, u32(0), Buffer.from('pict'), u32(0), u32(0), u32(0), Buffer.from([0]));
  const pitm = fullBox('pitm', 0, u16(1));
  const iinf = fullBox('iinf', 0, u16(1), fullBox('infe', 2, u16(1), u16(0), Buffer.from('hvc1'), Buffer.from([0])));
  // HEVCDecoderConfigurationRecord: version 1, Main profile, level 3, no parameter set arrays.
  const hvcC = isoBox('hvcC', Buffer.from([1, 1, 0x60, 0, 0, 0, 0x90, 0, 0, 0, 0, 0, 90, 0xf0, 0, 0xfc, 0xfd, 0xf8, 0xf8, 0, 0, 0x0f, 0]));
  const ispe = fullBox('ispe', 0, u32(width), u32(height));
  const iprp = isoBox('iprp', isoBox('ipco', hvcC, ispe), fullBox('ipma', 0, u32(1), u16(1), Buffer.from([2, 0x81, 0x02])));
  const data = Buffer.alloc(16);
  const meta = (offset: number): Buffer =>
    fullBox('meta', 0, hdlr, pitm, iinf, fullBox('iloc', 0, Buffer.from([0x44, 0x00]), u16(1), u16(1), u16(0), u16(1), u32(offset), u32(data.length)), iprp);
  // The item's data starts behind ftyp, meta and the mdat box's own 8 bytes.
  return Buffer.concat([ftyp, meta(ftyp.length + meta(0).length + 8), isoBox('mdat', data)]);
}
