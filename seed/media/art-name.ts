import { createHash } from 'node:crypto';
import type { MediaKind } from '#shared/media';
import type { Art, BannerArt } from '../catalogue/types';

/**
 * A drawn image's file name: its kind, its family and a hash of everything that shapes the
 * drawing, so a changed drawing gets a new name and the files can be cached for a year.
 * DRAWING_VERSION is bumped when the renderer's drawings change.
 */
export const DRAWING_VERSION = 2;

export function artName(kind: MediaKind, art: Art | BannerArt): string {
  const hash = createHash('sha256')
    .update(JSON.stringify([DRAWING_VERSION, kind, art]))
    .digest('hex')
    .slice(0, 10);
  const label = 'family' in art ? art.family : 'scene';
  return `${kind}-${label}-${hash}`;
}
