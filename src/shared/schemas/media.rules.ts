import { MEDIA_ASPECT, MEDIA_WIDTHS } from '../media';

/* Pictures staff upload to the catalogue (docs/api.md, Admin: pictures); the console reads these too. */

/** Kinds of picture `POST /api/admin/media/:kind` makes; product pictures have their own routes. */
export const UPLOAD_KINDS = ['icon', 'banner', 'tile', 'ad'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** Most bytes of one uploaded picture. */
export const PICTURE_MAX_BYTES = 10 * 1024 * 1024;
export const PICTURE_MAX_MB = PICTURE_MAX_BYTES / (1024 * 1024);

/** What the file chooser offers; the server decides by the bytes, never by this. */
export const PICTURE_ACCEPT = 'image/jpeg,image/png,image/webp';

/** Most pictures one product may have. */
export const PRODUCT_PICTURES_MAX = 12;

/**
 * Smallest picture each kind takes, once upright: its default width at the kind's shape, so no
 * picture is blown up on the page (a product photo 400 × 400, a banner 960 × 384, …).
 */
export function minimumSize(kind: UploadKind | 'product'): { width: number; height: number } {
  const width = { product: 400, icon: 96, banner: 960, tile: 320, ad: 640 }[kind];
  return { width, height: Math.round(width * MEDIA_ASPECT[kind]) };
}

/** Every width the server writes of a kind (its MEDIA_WIDTHS). */
export const widthsOf = (kind: UploadKind | 'product') => MEDIA_WIDTHS[kind];
