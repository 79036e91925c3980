import sharp, { type Metadata } from 'sharp';
import { AppError, BadInput } from '#server/errors';

/** The picture formats an upload may be (docs/api.md); sharp's names for them. */
export type PictureFormat = 'jpeg' | 'png' | 'webp' | 'gif';

const ascii = (bytes: Buffer, start: number, end: number) => bytes.toString('latin1', start, end);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The format of a picture by its first bytes (its file signature), never by its name or stated
 * type; undefined for anything but JPEG, PNG, WebP and GIF — SVG (which can carry script), TIFF,
 * HEIF/AVIF, camera raw and the rest are not decoded at all.
 */
export function pictureFormatOf(bytes: Buffer): PictureFormat | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  return undefined;
}

/** Most pixels a picture may have, whatever its format. */
export const MAX_PIXELS = 40_000_000;
/**
 * Most memory decoding one picture may take, as `decodedBytesPerPixel` estimates it. Decoding
 * more than this at a time left the process holding two to three times as much afterwards
 * (glibc keeps freed memory per thread), and a 5 MB file of one colour can ask for gigabytes.
 */
export const DECODE_MAX_BYTES = 16 * 1024 * 1024;

const SAMPLE_BYTES: Partial<Record<string, number>> = { uchar: 1, char: 1, ushort: 2, short: 2 };

/**
 * Memory per pixel that decoding a picture takes, from what was measured at 36 megapixels:
 * a baseline JPEG or a WebP is shrunk while decoded (about 0.1 byte, counted as none); a PNG is
 * read a strip at a time but about a third of its pixels stay held (1.2 bytes for RGBA); a
 * progressive JPEG or an interlaced PNG is held whole (3.2 bytes for RGB JPEG, 4.6 for RGBA PNG);
 * a GIF is decoded into a four-channel frame that libvips then copies (7 bytes, counted as 12:
 * decoding GIFs left the most memory held afterwards).
 */
export function decodedBytesPerPixel(
  meta: Partial<Pick<Metadata, 'format' | 'channels' | 'depth' | 'isProgressive'>>,
): number {
  const pixel = (meta.channels ?? 4) * (SAMPLE_BYTES[meta.depth ?? ''] ?? 4);
  if (meta.format === 'gif') return 12;
  if (meta.isProgressive) return pixel + 1;
  if (meta.format === 'png') return pixel / 3;
  return 0;
}

/** Whether decoding this picture stays within MAX_PIXELS and `decodeMaxBytes` of memory. */
export function decodesWithinLimits(meta: Metadata, decodeMaxBytes = DECODE_MAX_BYTES): boolean {
  const pixels = (meta.width ?? 0) * (meta.height ?? 0);
  if (pixels === 0 || pixels > MAX_PIXELS) return false;
  return pixels * decodedBytesPerPixel(meta) <= decodeMaxBytes;
}

/** How one kind of picture is made from an upload (fittedWebps). */
export interface WebpRules {
  /** Every width to write. */
  widths: readonly number[];
  /** Height divided by width of the result; the picture is cropped to it (the middle kept). */
  aspect: number;
  /** The decode budget (decodesWithinLimits); DECODE_MAX_BYTES unless said. */
  decodeMaxBytes?: number;
  /** Smallest size the picture may have, once upright; none unless said. */
  minWidth?: number;
  minHeight?: number;
  /** Paints transparent parts this colour (a photo on a page); kept transparent unless said. */
  background?: string;
  /** Translation keys: not a picture / too many pixels / too small ({{width}}, {{height}}). */
  keys: { invalid: string; pixels: string; tooSmall?: string };
}

/** The picture's width and height once turned upright (EXIF orientations 5–8 swap them). */
function uprightSize(meta: Metadata): { width: number; height: number } {
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  return (meta.orientation ?? 1) >= 5 ? { width: height, height: width } : { width, height };
}

/** A picture as sharp reads it: its bytes, or the path of the file holding them. */
export type PictureInput = Buffer | string;

/**
 * The picture's header, checked: libvips reads the same format as the first bytes say, and the
 * picture is within the decode budget and at least the smallest size. Only the header is read,
 * so a file that is not a picture is refused at once, before it waits for a decode.
 */
export async function checkedHeader(
  input: PictureInput,
  format: PictureFormat,
  rules: WebpRules,
): Promise<Metadata> {
  try {
    // A huge picture is refused below, with the message that says so.
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    // libvips chooses its decoder from the bytes as well: both must agree before a pixel is read.
    if (meta.format !== format) throw new BadInput(rules.keys.invalid);
    if (!decodesWithinLimits(meta, rules.decodeMaxBytes)) throw new BadInput(rules.keys.pixels);
    const upright = uprightSize(meta);
    const minWidth = rules.minWidth ?? 0;
    const minHeight = rules.minHeight ?? 0;
    if (upright.width < minWidth || upright.height < minHeight)
      throw new BadInput(rules.keys.tooSmall ?? rules.keys.invalid, { width: minWidth, height: minHeight });
    return meta;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new BadInput(rules.keys.invalid);
  }
}

/**
 * A picture cropped to `aspect` (the middle kept), rotated upright and re-encoded as WebP at each
 * width, its metadata dropped. It is decoded once, to the largest width; the smaller ones are made
 * from that. A picture that is not what its first bytes say, too big to decode or too small is a 400.
 */
export async function fittedWebps(
  input: PictureInput,
  format: PictureFormat,
  rules: WebpRules,
): Promise<{ width: number; webp: Buffer }[]> {
  await checkedHeader(input, format, rules);
  try {
    const largest = Math.max(...rules.widths);
    const heightOf = (width: number) => Math.round(width * rules.aspect);
    let image = sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize(largest, heightOf(largest), { fit: 'cover' });
    if (rules.background) image = image.flatten({ background: rules.background });
    const fitted = await image.raw().toBuffer({ resolveWithObject: true });
    return await Promise.all(
      rules.widths.map(async (width) => {
        const webp = await sharp(fitted.data, { raw: fitted.info })
          .resize(width, heightOf(width))
          .webp({ quality: 80 });
        return { width, webp: await webp.toBuffer() };
      }),
    );
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new BadInput(rules.keys.invalid);
  }
}
