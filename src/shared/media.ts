/**
 * Catalogue images are WebP files at a few fixed widths, named `/media/<name>-<width>.webp`.
 * The API hands out the default width; the web derives a `srcset` from the same name.
 */
export const MEDIA_WIDTHS = {
  product: [200, 400, 800],
  icon: [96, 192],
  // 960 fits a phone's full-width slot at 1.5–2.3× pixel density without sending 1280.
  banner: [640, 960, 1280],
  tile: [320, 640],
  ad: [640, 1280],
  avatar: [96, 192],
} as const;

export type MediaKind = keyof typeof MEDIA_WIDTHS;

/** The width the API hands out for each kind. */
export const DEFAULT_WIDTH: Record<MediaKind, number> = {
  product: 400,
  icon: 96,
  banner: 1280,
  tile: 640,
  ad: 1280,
  avatar: 192,
};

/** Height divided by width of each kind's box; the web reserves it before the image loads. */
export const MEDIA_ASPECT: Record<MediaKind, number> = {
  product: 1,
  icon: 1,
  banner: 0.4,
  tile: 0.5,
  ad: 0.4,
  avatar: 1,
};

/** The home banner's rendered width, for `sizes`: the page and the server's preload hint agree on it. */
export const BANNER_SIZES = '(min-width: 1240px) 1192px, 100vw';

/** Where the web's layout turns from phone to wide screen (the web's WIDE_SCREEN media query). */
export const WIDE_SCREEN = '(min-width: 960px)';
export const NARROW_SCREEN = '(max-width: 959.98px)';

/** How many cards of a category's grid a phone shows first: loaded eagerly, and preloaded by the server. */
export const CATEGORY_EAGER_CARDS = 4;

/** Rendered widths of a product card's picture: half a phone, a fifth of the desktop container. */
export const CARD_SIZES = '(min-width: 1200px) 232px, (min-width: 960px) 22vw, (min-width: 600px) 30vw, 46vw';

/**
 * The product page's first picture, for `sizes`: full width in the phone's carousel, the gallery's
 * column on wide screens. The page and the server's preload hints agree on it.
 */
export const PRODUCT_PHOTO_SIZES = {
  narrow: '100vw',
  wide: '(min-width: 1240px) 600px, 50vw',
  /** One picture at either width: the server's static first screen (src/server/app-page.ts). */
  either: '(min-width: 1240px) 600px, (min-width: 960px) 50vw, 100vw',
} as const;

export function mediaPath(name: string, width: number): string {
  return `/media/${name}-${width}.webp`;
}

const SIZED = /^(.*)-(\d+)\.webp$/;

/** `srcset` for a URL of ours, or undefined for any other URL. */
export function mediaSrcSet(url: string, kind: MediaKind): string | undefined {
  const match = SIZED.exec(url);
  if (!match) return undefined;
  return MEDIA_WIDTHS[kind].map((w) => `${match[1]}-${w}.webp ${w}w`).join(', ');
}
