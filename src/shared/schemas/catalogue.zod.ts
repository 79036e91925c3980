import { z } from 'zod';
import { NET_UNITS, UNIT_PRICE_BASES } from '../unit-price';
import { BooleanFlag, IdParam, PageParams, pageOf, UuidParam } from './common.zod';
import { SoldByWeight } from './weight.zod';

/** Requests: what each catalogue call accepts (docs/api.md, Catalogue). Unknown keys are ignored. */
export const CategoryListInput = z.object({ category_id: IdParam.optional() });

export const NewProductListInput = PageParams.extend({ category_id: IdParam.optional() });

export const ProductListInput = PageParams.extend({
  category_id: IdParam.optional(),
  most_sold: BooleanFlag.optional(),
  en_search: z.string().max(200, 'en_search').optional(),
  promotion_plan: IdParam.optional(),
});
/** The product list's parameters, parsed: what the catalogue service lists by. */
export type ProductListQuery = z.output<typeof ProductListInput>;

export const ProductParams = z.object({ id: UuidParam });
export const PromotionParams = z.object({ id: IdParam });

/** Answers. */
export const Banner = z.object({
  id: z.number().int(),
  /** 1 product (url is its uuid), 2 a path in the shop, 3 a promotion (url is its id). */
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  url: z.string(),
  image: z.string(),
  /** The name of what the banner leads to (product, category or promotion); '' if none. */
  en_name: z.string(),
  zn_name: z.string(),
  /** The headline the shop wrote; '' shows the name above instead. */
  en_headline: z.string(),
  zn_headline: z.string(),
  /** The call to action the shop wrote; '' shows the storefront's own for the banner's type. */
  en_cta: z.string(),
  zn_cta: z.string(),
});
export type Banner = z.infer<typeof Banner>;

export const ChildCategory = z.object({
  id: z.number().int(),
  icon: z.string(),
  en_name: z.string(),
  zn_name: z.string(),
});
export type ChildCategory = z.infer<typeof ChildCategory>;

export const Category = ChildCategory.extend({
  /** The parent's id for a child category, null for a top-level one. */
  parent_id: z.number().int().nullable(),
  /** Number of products on sale in it, its children's included. */
  product_count: z.number().int(),
  childCategory: z.array(ChildCategory.extend({ product_count: z.number().int() })),
});
export type Category = z.infer<typeof Category>;

/**
 * Our addition: the price per unit (docs/product.md, Price per unit), `amount` in dollars per
 * `per` (100g, 100ml, kg, lb, oz, floz, ea); null when the product has no net quantity.
 */
export const UnitPriceAnswer = z.object({ amount: z.number(), per: z.enum(UNIT_PRICE_BASES) });
export type UnitPriceAnswer = z.infer<typeof UnitPriceAnswer>;

/** Our addition: what the unit price is computed from, as the catalogue answers carry it. */
export const UnitPriceFields = {
  /** The net quantity the unit price divides, in `net_unit` (g, ml, or pieces: ct); 0 when not set. */
  net_quantity: z.number().int(),
  net_unit: z.enum(NET_UNITS),
  unit_price: UnitPriceAnswer.nullable(),
};

export const ProductCard = z.object({
  uuid: z.string(),
  price: z.number(),
  /** The running promotion's price, when the product is on one; null otherwise. */
  promotion_price: z.number().nullable(),
  product_image: z.string(),
  en_name: z.string(),
  zn_name: z.string(),
  en_number: z.string(),
  zn_number: z.string(),
  real_stock: z.number().int(),
  sold_count: z.number().int(),
  category_id: z.number().int(),
  ...UnitPriceFields,
  /** Our addition: how it is sold by weight (`price` is then one step's or piece's), or null for a pack. */
  sold_by_weight: SoldByWeight.nullable(),
});
export type ProductCard = z.infer<typeof ProductCard>;
export const ProductPage = pageOf(ProductCard);
export type ProductPage = z.infer<typeof ProductPage>;

export const Product = ProductCard.extend({
  en_weight: z.string(),
  zn_weight: z.string(),
  en_describe: z.string(),
  zn_describe: z.string(),
  brand_en_name: z.string(),
  brand_zn_name: z.string(),
  category_en_name: z.string(),
  category_zn_name: z.string(),
  /** The category's parent, for a link to the parent's page; null when the category is top-level. */
  parent_category_id: z.number().int().nullable(),
  images: z.array(z.object({ link: z.string() })),
  /** Grams. */
  weight: z.number().int(),
  net_weight: z.number().int(),
  /** Box gauge, e.g. "1 × 12". */
  number: z.string(),
  /** Shelf life in days. */
  term: z.number().int(),
});
export type Product = z.infer<typeof Product>;

export const NewCategory = ChildCategory;
export type NewCategory = z.infer<typeof NewCategory>;

export const Plate = z.object({
  id: z.number().int(),
  /** 2: an image grid of `item`; others: the most-sold products of `category_id`. */
  style: z.number().int(),
  en_name: z.string(),
  zn_name: z.string(),
  category_id: z.number().int().nullable(),
  /** Tiles; each names what it leads to, as banners do. */
  item: z.array(z.object({ img: z.string(), url: z.string(), en_name: z.string(), zn_name: z.string() })),
});
export type Plate = z.infer<typeof Plate>;

export const Promotion = z.object({
  id: z.number().int(),
  ad_img: z.string(),
  en_name: z.string(),
  zn_name: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** Whether it runs now: only a running promotion's prices apply. */
  active: z.boolean(),
});
export type Promotion = z.infer<typeof Promotion>;

/** `GET /api/index_promotion`: the promotions running now, the soonest to end first, and the shop's time zone. */
export const PromotionList = z.object({ time_zone: z.string(), items: z.array(Promotion) });
export type PromotionList = z.infer<typeof PromotionList>;

/** `GET /api/search_suggestions?q=`: what to offer when a search found nothing. */
export const SearchSuggestionsInput = z.object({ q: z.string().max(200, 'q') });

/** A search's suggestions: a query close to it that finds something, and popular products. */
export const SearchSuggestions = z.object({
  did_you_mean: z.string().nullable(),
  /** the category the products are the best sellers of; null: of the whole shop */
  category: z.object({ id: z.number().int(), en_name: z.string(), zn_name: z.string() }).nullable(),
  products: z.array(ProductCard),
});
export type SearchSuggestions = z.infer<typeof SearchSuggestions>;
