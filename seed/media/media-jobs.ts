/**
 * Every image the catalogue needs, as render jobs: category icons, product images, banners,
 * plate tiles, promotion ads and the bundled avatars. Identical jobs are listed once.
 */
import type { MediaKind } from '#shared/media';
import type {
  Art,
  BannerArt,
  SeedBanner,
  SeedCategory,
  SeedPlate,
  SeedProduct,
  SeedPromotion,
} from '../catalogue/types';
import { artName } from './art-name';
import { AVATAR_ARTS } from './avatars';

export interface MediaJob {
  kind: MediaKind;
  art: Art | BannerArt;
}

/** What the catalogue module exports (any of it may be missing). */
export interface CatalogueLike {
  categories?: readonly SeedCategory[];
  products?: readonly SeedProduct[];
  banners?: readonly SeedBanner[];
  plates?: readonly SeedPlate[];
  promotions?: readonly SeedPromotion[];
}

export function collectMediaJobs(catalogue: CatalogueLike, withAvatars = true): MediaJob[] {
  const jobs = new Map<string, MediaJob>();
  const add = (kind: MediaKind, art: Art | BannerArt) => {
    const name = artName(kind, art);
    if (!jobs.has(name)) jobs.set(name, { kind, art });
  };
  for (const category of catalogue.categories ?? []) {
    add('icon', category.icon);
    for (const child of category.children ?? []) add('icon', child.icon);
  }
  for (const product of catalogue.products ?? []) {
    for (const image of product.images) add('product', image);
  }
  for (const banner of catalogue.banners ?? []) add('banner', banner.art);
  for (const plate of catalogue.plates ?? []) {
    for (const item of plate.items ?? []) add('tile', item.art);
  }
  for (const promotion of catalogue.promotions ?? []) add('ad', promotion.ad);
  if (withAvatars) for (const art of AVATAR_ARTS) add('avatar', art);
  return [...jobs.values()];
}
