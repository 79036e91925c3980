import { gs1CheckDigit } from '#shared/barcode';
import type { Art, ArtFamily, SeedProduct } from './types';

/**
 * Small builders the products-*.ts files share, so each product reads as data and its unit,
 * net and gross weight labels can never disagree with the gram figures.
 */

export interface Brand {
  en: string;
  zn: string;
}

/** Unit label, net and gross weight of one sellable unit. */
export interface Size {
  en_number: string;
  zn_number: string;
  en_weight: string;
  zn_weight: string;
  net_weight_g: number;
  weight_g: number;
  /** Millilitres of a liquid, pieces of a pack counted by the piece; 0 when sold by its weight. */
  net_volume_ml: number;
  net_count: number;
}

export interface ProductSpec {
  key: string;
  category: string;
  name: [en: string, zn: string];
  brand: Brand;
  size: Size;
  /** Box gauge, e.g. "1 × 12". */
  gauge: string;
  term: number;
  price: number;
  stock: number;
  sold: number;
  added: number;
  en: string;
  zn: string;
  images: Art[];
}

/** Store brand for loose produce, meat and seafood. */
export const FRESH_FARMS: Brand = { en: 'Fresh Farms', zn: '鲜农场' };

const GRAMS_PER_POUND = 453.592;

/** Sold by its net weight: no volume, no piece count. */
const BY_WEIGHT = { net_volume_ml: 0, net_count: 0 } as const;
const GRAMS_PER_OUNCE = 28.3495;

/** Up to two decimals, without trailing zeros: 1.50 → "1.5". */
function decimal(value: number): string {
  return String(Number(value.toFixed(2)));
}

function metricGross(grams: number): Pick<Size, 'en_weight' | 'zn_weight'> {
  if (grams < 1000) return { en_weight: `${grams} g`, zn_weight: `${grams}克` };
  const kg = decimal(grams / 1000);
  return { en_weight: `${kg} kg`, zn_weight: `${kg}公斤` };
}

function imperialGross(grams: number): Pick<Size, 'en_weight' | 'zn_weight'> {
  // Under a pound, ounces keep the label within a percent of the real weight.
  if (grams < GRAMS_PER_POUND) {
    const ounces = decimal(grams / GRAMS_PER_OUNCE);
    return { en_weight: `${ounces} oz`, zn_weight: `${ounces}盎司` };
  }
  const pounds = decimal(grams / GRAMS_PER_POUND);
  return { en_weight: `${pounds} lb`, zn_weight: `${pounds}磅` };
}

/** Sold by the pound: "1 lb" / "1磅"; the gross label is in pounds too. */
export function lb(pounds: number, gross: number): Size {
  return {
    en_number: `${decimal(pounds)} lb`,
    zn_number: `${decimal(pounds)}磅`,
    net_weight_g: Math.round(pounds * GRAMS_PER_POUND),
    weight_g: gross,
    ...BY_WEIGHT,
    ...imperialGross(gross),
  };
}

/** Imported packs labelled in ounces: "14 oz" / "14盎司". */
export function oz(ounces: number, gross: number): Size {
  return {
    en_number: `${decimal(ounces)} oz`,
    zn_number: `${decimal(ounces)}盎司`,
    net_weight_g: Math.round(ounces * GRAMS_PER_OUNCE),
    weight_g: gross,
    ...BY_WEIGHT,
    ...imperialGross(gross),
  };
}

/** "500 g" / "500克", or "2.5 kg" / "2.5公斤" from 1000 g up. */
export function g(net: number, gross: number): Size {
  const label =
    net < 1000
      ? { en_number: `${net} g`, zn_number: `${net}克` }
      : { en_number: `${decimal(net / 1000)} kg`, zn_number: `${decimal(net / 1000)}公斤` };
  return { ...label, net_weight_g: net, weight_g: gross, ...BY_WEIGHT, ...metricGross(gross) };
}

/** "500 ml" / "500毫升", or "1.8 L" / "1.8升"; density turns millilitres into net grams. */
export function ml(volume: number, gross: number, density = 1): Size {
  const label =
    volume < 1000
      ? { en_number: `${volume} ml`, zn_number: `${volume}毫升` }
      : { en_number: `${decimal(volume / 1000)} L`, zn_number: `${decimal(volume / 1000)}升` };
  return {
    ...label,
    net_weight_g: Math.round(volume * density),
    weight_g: gross,
    net_volume_ml: volume,
    net_count: 0,
    ...metricGross(gross),
  };
}

/** A multipack: "6 × 330 ml" / "6 × 330毫升" or "5 × 120 g" / "5 × 120克". */
export function multi(count: number, each: number, unit: 'g' | 'ml', gross: number, density = 1): Size {
  const zn = unit === 'g' ? '克' : '毫升';
  const net = unit === 'g' ? count * each : Math.round(count * each * density);
  return {
    en_number: `${count} × ${each} ${unit}`,
    zn_number: `${count} × ${each}${zn}`,
    net_weight_g: net,
    weight_g: gross,
    net_volume_ml: unit === 'ml' ? count * each : 0,
    net_count: 0,
    ...metricGross(gross),
  };
}

/** Pieces priced by the piece, labelled with their weight: buns "6 × 60 g" / "6 × 60克". */
export function pieces(count: number, each: number, gross: number): Size {
  return { ...multi(count, each, 'g', gross), net_count: count };
}

/** Counted goods: "12 ct" / "12个" by default, or any unit pair such as "6 rolls" / "6卷". */
export function count(n: number, net: number, gross: number, en = 'ct', zn = '个'): Size {
  return {
    en_number: `${n} ${en}`,
    zn_number: `${n}${zn}`,
    net_weight_g: net,
    weight_g: gross,
    // One piece (a head, a whole fish) is priced by its weight; several by the piece.
    net_volume_ml: 0,
    net_count: n > 1 ? n : 0,
    ...metricGross(gross),
  };
}

/** A bunch of greens or herbs: "1 bunch" / "1把". */
export function bunch(net: number, gross: number): Size {
  return count(1, net, gross, 'bunch', '把');
}

export function art(family: ArtFamily, color: string, variant?: number, background?: string): Art {
  const drawn: Art = { family, color };
  if (variant !== undefined) drawn.variant = variant;
  if (background !== undefined) drawn.background = background;
  return drawn;
}

/** FNV-1a of `text` with `salt`: the same digits for the same key on every seed. */
function hashOf(text: string, salt: number): number {
  let h = (0x811c9dc5 ^ salt) >>> 0;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/**
 * A packed good's EAN-13 in GS1's in-store range (docs/product.md, Barcodes): "02", then five
 * digits from 50000 up (a scale label's item code sits there, and demo scale item codes stay
 * under 50000, so no pack reads as a loose item's label), five more and the check digit.
 */
export function demoBarcode(key: string, salt = 0): string {
  const item = 50_000 + (hashOf(key, salt) % 50_000);
  const rest = hashOf(key, salt + 1) % 100_000;
  const body = `02${item}${String(rest).padStart(5, '0')}`;
  return `${body}${gs1CheckDigit(body)}`;
}

/** A loose good's scale item code, 00000–49999. */
export function demoScaleItemCode(key: string, salt = 0): string {
  return String(hashOf(key, salt + 7) % 50_000).padStart(5, '0');
}

/**
 * The demo catalogue's codes: a barcode for each pack, a scale item code for each good sold loose
 * (the store brand, and whatever is sold by weight: the store's scale labels it), each unique; a
 * clash takes the next salt, so the result depends only on keys and order.
 */
export function withShopCodes(list: readonly SeedProduct[], weighed: ReadonlySet<string>): SeedProduct[] {
  const taken = new Set<string>();
  const unique = (make: (salt: number) => string): string => {
    for (let salt = 0; ; salt += 2) {
      const code = make(salt);
      if (!taken.has(code)) {
        taken.add(code);
        return code;
      }
    }
  };
  return list.map((p) =>
    p.brand_en_name === FRESH_FARMS.en || weighed.has(p.key)
      ? { ...p, barcode: null, scale_item_code: unique((salt) => demoScaleItemCode(p.key, salt)) }
      : { ...p, barcode: unique((salt) => demoBarcode(p.key, salt)), scale_item_code: null },
  );
}

export function defineProduct(spec: ProductSpec): SeedProduct {
  return {
    barcode: null,
    scale_item_code: null,
    key: spec.key,
    category: spec.category,
    en_name: spec.name[0],
    zn_name: spec.name[1],
    brand_en_name: spec.brand.en,
    brand_zn_name: spec.brand.zn,
    ...spec.size,
    number: spec.gauge,
    term_days: spec.term,
    price_cents: spec.price,
    stock: spec.stock,
    sold_count: spec.sold,
    en_describe: spec.en,
    zn_describe: spec.zn,
    images: spec.images,
    added_days_ago: spec.added,
  };
}
