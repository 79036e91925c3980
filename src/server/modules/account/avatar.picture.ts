import { fittedWebps, type PictureFormat } from '#server/uploads/pictures';

export {
  DECODE_MAX_BYTES,
  decodedBytesPerPixel,
  decodesWithinLimits,
  MAX_PIXELS,
  type PictureFormat,
  pictureFormatOf,
} from '#server/uploads/pictures';

/**
 * An avatar: the picture squared (the middle kept), rotated upright and re-encoded as WebP at each
 * width (fittedWebps). A picture that is not what its first bytes say, or too big to decode, is a 400.
 */
export function squareWebps(
  bytes: Buffer,
  format: PictureFormat,
  widths: readonly number[],
): Promise<{ width: number; webp: Buffer }[]> {
  return fittedWebps(bytes, format, {
    widths,
    aspect: 1,
    keys: { invalid: 'errors:account.imageInvalid', pixels: 'errors:account.imagePixels' },
  });
}
