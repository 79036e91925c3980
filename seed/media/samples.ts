/** Sample scenes and jobs for the contact sheet and the tests (the catalogue has its own). */
import type {
  Art,
  ArtFamily,
  BannerArt,
  SeedBanner,
  SeedCategory,
  SeedPlate,
  SeedProduct,
  SeedPromotion,
} from '../catalogue/types';
import { ALL_FAMILIES, DEFAULT_COLOR } from './families';
import type { CatalogueLike } from './media-jobs';
import { darken, hue, rng } from './svg-kit';

export const SAMPLE_SCENES: BannerArt[] = [
  { families: ['tomato', 'leafy-greens', 'carrot', 'broccoli'], from: '#e8f5e9', to: '#a5d6a7' },
  { families: ['strawberry', 'watermelon', 'grapes'], from: '#fff1e6', to: '#ffb199' },
  {
    families: ['dumplings', 'ice-cream', 'steamed-buns', 'popsicle', 'frozen-bag'],
    from: '#e3f2fd',
    to: '#90caf9',
  },
  { families: ['sauce-bottle', 'chili-jar'], from: '#fff8e1', to: '#ffcc80' },
];

/**
 * A made-up catalogue of the real one's size (nine aisles, `products` products with 1–4
 * images each) for tests and timing while seed/catalogue has no data yet.
 */
export function sampleCatalogue(products: number): Required<CatalogueLike> {
  const rand = rng(7);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const tweak = (c: string) => hue(c, Math.round((rand() - 0.5) * 30));
  const art = (family: ArtFamily, variant = 0): Art => ({
    family,
    color: tweak(DEFAULT_COLOR[family]),
    variant,
  });
  const groups: ArtFamily[][] = [];
  for (let i = 0; i < ALL_FAMILIES.length; i += 12) groups.push(ALL_FAMILIES.slice(i, i + 12));
  const categories: SeedCategory[] = groups.map((fams, g) => ({
    key: `aisle-${g}`,
    en_name: `Aisle ${g}`,
    zn_name: `货架${g}`,
    icon: art(fams[0] as ArtFamily),
    children: fams
      .slice(0, 4)
      .map((family, c) => ({ key: `shelf-${g}-${c}`, en_name: family, zn_name: family, icon: art(family) })),
  }));
  const list: SeedProduct[] = Array.from({ length: products }, (_, i) => {
    const family = ALL_FAMILIES[i % ALL_FAMILIES.length] as ArtFamily;
    const images = Array.from({ length: 1 + Math.floor(rand() * 3.4) }, (_, k) =>
      art(k ? pick(ALL_FAMILIES) : family, (i + k) % 4),
    );
    return { key: `p-${i}`, images } as unknown as SeedProduct;
  });
  const scene = (n: number): BannerArt => {
    const from = hue('#e8f5e9', Math.round(rand() * 360));
    return { families: Array.from({ length: n }, () => pick(ALL_FAMILIES)), from, to: darken(from, 0.12) };
  };
  const banners: SeedBanner[] = Array.from({ length: 5 }, (_, i) => ({
    type: 2,
    url: `/b/${i}`,
    art: scene(2 + (i % 4)),
  }));
  const plates: SeedPlate[] = [
    {
      key: 'grid',
      style: 2,
      en_name: 'Grid',
      zn_name: '网格',
      items: Array.from({ length: 6 }, (_, i) => ({ url: `/t/${i}`, art: scene(2 + (i % 2)) })),
    },
  ];
  const promotions: SeedPromotion[] = Array.from({ length: 4 }, (_, i) => ({
    key: `promo-${i}`,
    en_name: 'Promo',
    zn_name: '促销',
    ad: scene(2 + i),
    starts_in_days: -1,
    ends_in_days: 7,
    products: [],
  }));
  return { categories, products: list, banners, plates, promotions };
}
