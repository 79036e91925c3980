import { fittedWebps, type PictureFormat, type PictureInput, type WebpRules } from '#server/uploads/pictures';

export {
  DECODE_MAX_BYTES,
  decodedBytesPerPixel,
  decodesWithinLimits,
  MAX_PIXELS,
  type PictureFormat,
  pictureFormatOf,
} from '#server/uploads/pictures';

/** How an avatar is made at each of `widths`: squared, the middle kept (fittedWebps). */
export function avatarRules(widths: readonly number[]): WebpRules {
  return {
    widths,
    aspect: 1,
    keys: { invalid: 'errors:account.imageInvalid', pixels: 'errors:account.imagePixels' },
  };
}

/**
 * An avatar: the picture squared (the middle kept), rotated upright and re-encoded as WebP at each
 * width (fittedWebps). A picture that is not what its first bytes say, or too big to decode, is a 400.
 */
export function squareWebps(
  input: PictureInput,
  format: PictureFormat,
  widths: readonly number[],
): Promise<{ width: number; webp: Buffer }[]> {
  return fittedWebps(input, format, avatarRules(widths));
}
