/**
 * Shape of the demo catalogue as data files describe it. The seeder (src/server/db/seed.ts) turns
 * these into rows; the media renderer (seed/media/) turns every `art` into WebP images.
 * Money is integer cents; weights are grams.
 */

/** An illustration family the media renderer knows how to draw (seed/media/families.ts). */
export type ArtFamily =
  // vegetables
  | 'leafy-greens'
  | 'herbs'
  | 'chives'
  | 'snow-peas'
  | 'water-spinach'
  | 'cabbage'
  | 'broccoli'
  | 'carrot'
  | 'tomato'
  | 'cucumber'
  | 'bitter-melon'
  | 'eggplant'
  | 'bell-pepper'
  | 'chili'
  | 'mushroom'
  | 'enoki'
  | 'king-oyster'
  | 'shimeji'
  | 'potato'
  | 'onion'
  | 'garlic'
  | 'peeled-garlic'
  | 'gai-lan'
  | 'ginger'
  | 'scallion'
  | 'corn'
  | 'pumpkin'
  | 'radish'
  | 'lotus-root'
  | 'green-beans'
  | 'edamame'
  | 'bean-sprouts'
  // fruit
  | 'apple'
  | 'orange'
  | 'pomelo'
  | 'sumo-citrus'
  | 'durian'
  | 'raspberry'
  | 'hami-melon'
  | 'banana'
  | 'grapes'
  | 'strawberry'
  | 'watermelon'
  | 'pear'
  | 'mango'
  | 'peach'
  | 'lychee'
  | 'longan'
  | 'kiwi'
  | 'cherry'
  | 'dragon-fruit'
  | 'lemon'
  | 'blueberry'
  | 'pineapple'
  // meat and seafood
  | 'steak'
  | 'pork-belly'
  | 'ribs'
  | 'chicken-drumstick'
  | 'chicken-wing'
  | 'chicken-thigh'
  | 'whole-chicken'
  | 'whole-duck'
  | 'ground-meat'
  | 'fish'
  | 'fish-fillet'
  | 'shrimp'
  | 'crab'
  | 'squid'
  | 'clams'
  | 'sausage'
  | 'oxtail'
  | 'meat-rolls'
  | 'char-siu'
  | 'trotters'
  | 'eel-fillet'
  // dairy, eggs, tofu
  | 'milk-carton'
  | 'milk-bottle'
  | 'milk-can'
  | 'eggs'
  | 'yogurt-cup'
  | 'cheese'
  | 'cheese-slices'
  | 'butter'
  | 'tofu'
  | 'tofu-pudding'
  | 'soy-milk'
  // dry goods
  | 'rice-bag'
  | 'noodles'
  | 'flour-bag'
  | 'dried-beans'
  | 'dried-mushroom'
  | 'dried-shrimp'
  | 'yuba-sticks'
  | 'instant-noodles'
  | 'rice-noodles'
  | 'grain-jar'
  // sauces and seasonings
  | 'sauce-bottle'
  | 'chili-jar'
  | 'oil-bottle'
  | 'vinegar-bottle'
  | 'spice-pouch'
  | 'paste-jar'
  | 'salt-shaker'
  | 'sugar-bag'
  // snacks and drinks
  | 'chips-bag'
  | 'soda-can'
  | 'tea-box'
  | 'juice-bottle'
  | 'cookies'
  | 'biscuit-sticks'
  | 'dried-mango'
  | 'hawthorn-flakes'
  | 'biscuit-tin'
  | 'candy'
  | 'water-bottle'
  | 'codd-bottle'
  | 'coffee-bag'
  | 'nuts'
  | 'rice-cracker'
  | 'preserved-plums'
  // frozen
  | 'dumplings'
  | 'chive-dumplings'
  | 'wontons'
  | 'soup-dumplings'
  | 'potstickers'
  | 'har-gow'
  | 'siu-mai'
  | 'mandu'
  | 'frozen-shrimp-bag'
  | 'frozen-pancake-bag'
  | 'frozen-cake-bag'
  | 'frozen-ball-bag'
  | 'tangyuan'
  | 'mayo-bottle'
  | 'ice-cream'
  | 'fish-wafer'
  | 'frozen-bag'
  | 'steamed-buns'
  | 'frozen-fish'
  | 'popsicle'
  // household
  | 'detergent'
  | 'pods-tub'
  | 'powder-box'
  | 'squeeze-tube'
  | 'dish-soap'
  | 'tissue-box'
  | 'paper-towel'
  | 'cling-wrap'
  | 'sponge'
  | 'trash-bags'
  | 'zipper-bag'
  | 'toothpaste'
  | 'shampoo'
  | 'spray-bottle';

/** How one product image is drawn: a family plus a main colour and a background tint. */
export interface Art {
  family: ArtFamily;
  /** Main colour of the item as #rrggbb (e.g. the label of a bottle, the skin of an apple). */
  color: string;
  /** Soft background tint as #rrggbb; the renderer picks one from the family when absent. */
  background?: string;
  /** 0–3: small changes of arrangement (count, angle) so sibling products differ. */
  variant?: number;
}

export interface SeedChildCategory {
  /** Stable slug, unique over the whole catalogue, e.g. 'leafy-greens'. */
  key: string;
  en_name: string;
  zn_name: string;
  /** The icon is drawn from this art. */
  icon: Art;
}

export interface SeedCategory extends SeedChildCategory {
  children: SeedChildCategory[];
}

export interface SeedProduct {
  /** Stable slug, unique, e.g. 'shanghai-bok-choy'. Seeds the product's uuid deterministically. */
  key: string;
  /** Key of the (child, or rarely parent) category it belongs to. */
  category: string;
  en_name: string;
  zn_name: string;
  brand_en_name: string;
  brand_zn_name: string;
  /** Unit labels shown after the price: "1 lb" / "1磅", "500 g" / "500克", "12 ct" / "12个". */
  en_number: string;
  zn_number: string;
  /** Gross weight labels: "1.1 lb" / "1.1磅". */
  en_weight: string;
  zn_weight: string;
  /** Gross and net weight in grams. */
  weight_g: number;
  net_weight_g: number;
  /** Net volume in ml and piece count, 0 when not set: the unit price is per piece, volume or weight. */
  net_volume_ml: number;
  net_count: number;
  /** EAN-13 of a packed good in GS1's in-store range 020–029; null for goods sold loose. */
  barcode: string | null;
  /** The 5-digit item code an in-store scale prints for goods sold loose; null for packs. */
  scale_item_code: string | null;
  /** Box gauge (units per case), language-neutral, e.g. "1 × 12". */
  number: string;
  /** Shelf life in days. */
  term_days: number;
  price_cents: number;
  /** Units in stock; some products have 0, some a handful. */
  stock: number;
  sold_count: number;
  /** HTML descriptions (p, ul/li, strong, em only). */
  en_describe: string;
  zn_describe: string;
  /** 1–4 images; the first is the product image. */
  images: Art[];
  /** How many days before the seed date the product was added (0–60); small numbers make it "new". */
  added_days_ago: number;
}

export interface SeedBanner {
  /** 1 product (url = product key), 2 path (url = a path in the shop), 3 promotion (url = promotion key). */
  type: 1 | 2 | 3;
  url: string;
  /** What the banner image shows, drawn by the media renderer. */
  art: BannerArt;
}

export interface BannerArt {
  /** Families shown in the banner's illustration (2–5). */
  families: ArtFamily[];
  /** Background gradient colours #rrggbb. */
  from: string;
  to: string;
}

export interface SeedPlate {
  key: string;
  /** 2: image grid of `items`; 1 (or other): the most-sold products of `category`. */
  style: number;
  en_name: string;
  zn_name: string;
  category?: string;
  /** For style 2: each item links to a path in the shop and shows a drawn tile. */
  items?: { url: string; art: BannerArt }[];
}

export interface SeedPromotion {
  key: string;
  en_name: string;
  zn_name: string;
  ad: BannerArt;
  /** Days relative to the seed date; a running promotion starts ≤ 0 and ends > 0. */
  starts_in_days: number;
  ends_in_days: number;
  products: { product: string; promotion_price_cents: number }[];
}
