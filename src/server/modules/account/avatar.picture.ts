import sharp, { type Metadata } from 'sharp';
import { AppError, BadInput } from '../../errors';

/** The picture formats an avatar may be (README: API); sharp's names for them. */
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
 * Most bytes the decoded pixels of a picture may take (channels × bytes per sample × pixels;
 * a GIF always decodes to four channels) — unless it is a baseline JPEG or a WebP, which libvips
 * shrinks while decoding (measured at 36 megapixels: about 0.1 byte per pixel). A GIF, a PNG or a
 * progressive JPEG is held whole or nearly so: measured 1.2 (PNG) to 5.1 (GIF) bytes per pixel, so
 * a 5 MB file of one colour could otherwise ask for gigabytes.
 */
export const DECODED_MAX_BYTES = 32 * 1024 * 1024;

const SAMPLE_BYTES: Partial<Record<string, number>> = { uchar: 1, char: 1, ushort: 2, short: 2 };

/** Whether decoding this picture stays within the limits above. */
export function decodesWithinLimits(meta: Metadata): boolean {
  const pixels = (meta.width ?? 0) * (meta.height ?? 0);
  if (pixels === 0 || pixels > MAX_PIXELS) return false;
  const shrunkWhileDecoded = meta.format === 'webp' || (meta.format === 'jpeg' && !meta.isProgressive);
  if (shrunkWhileDecoded) return true;
  const channels = meta.format === 'gif' ? 4 : (meta.channels ?? 4);
  return pixels * channels * (SAMPLE_BYTES[meta.depth ?? ''] ?? 4) <= DECODED_MAX_BYTES;
}

/**
 * A picture squared (the middle kept), rotated upright and re-encoded as WebP at each width, its
 * metadata dropped. It is decoded once, to the largest width; the smaller ones are made from that.
 * A picture that is not what its first bytes say, or too big to decode, is a 400.
 */
export async function squareWebps(
  bytes: Buffer,
  format: PictureFormat,
  widths: readonly number[],
): Promise<{ width: number; webp: Buffer }[]> {
  try {
    const meta = await sharp(bytes).metadata();
    // libvips chooses its decoder from the bytes as well: both must agree before a pixel is read.
    if (meta.format !== format) throw new BadInput('errors:account.imageInvalid');
    if (!decodesWithinLimits(meta)) throw new BadInput('errors:account.imagePixels');
    const largest = Math.max(...widths);
    const square = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize(largest, largest, { fit: 'cover' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return await Promise.all(
      widths.map(async (width) => {
        const webp = await sharp(square.data, { raw: square.info })
          .resize(width, width)
          .webp({ quality: 80 });
        return { width, webp: await webp.toBuffer() };
      }),
    );
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new BadInput('errors:account.imageInvalid');
  }
}
