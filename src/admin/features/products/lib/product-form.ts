import type { Language } from '#shared/constants';
import { amountField, centsOf } from '#web/lib/money';
import type { AdminProduct, ProductForm } from '../api/products';

/** A name in the staff member's language, the other when it is empty. */
export const categoryName = (c: { en_name: string; zn_name: string }, language: Language): string =>
  (language === 'zh' ? c.zn_name || c.en_name : c.en_name || c.zn_name) || '—';

/** The fields written in both languages, side by side: [English, Chinese, admin.json key]. */
export const PAIRED_FIELDS = [
  ['en_name', 'zn_name', 'name'],
  ['en_number', 'zn_number', 'unit'],
  ['en_weight', 'zn_weight', 'weightText'],
  ['brand_en_name', 'brand_zn_name', 'brand'],
] as const;

/** Fields with one value for both languages, with their input kind. */
export const SHARED_FIELDS = [
  ['price', 'decimal'],
  ['box_gauge', 'text'],
  ['weight_g', 'numeric'],
  ['net_weight_g', 'numeric'],
  ['net_volume_ml', 'numeric'],
  ['net_count', 'numeric'],
  ['term_days', 'numeric'],
  ['barcode', 'numeric'],
  ['scale_item_code', 'numeric'],
] as const;

/** Numbers a product may leave unset, kept as 0. */
const OPTIONAL_NUMBERS = new Set<keyof ProductForm>([
  'weight_g',
  'net_weight_g',
  'net_volume_ml',
  'net_count',
  'term_days',
  'step',
  'piece_grams',
  'unit_price',
]);

export const EMPTY_FORM: ProductForm = {
  en_name: '',
  zn_name: '',
  en_number: '',
  zn_number: '',
  en_weight: '',
  zn_weight: '',
  brand_en_name: '',
  brand_zn_name: '',
  category_id: '',
  box_gauge: '',
  // Left empty until known: 0 is "not set" and the storefront does not show it.
  weight_g: '',
  net_weight_g: '',
  net_volume_ml: '',
  net_count: '',
  term_days: '',
  barcode: '',
  scale_item_code: '',
  price: '',
  en_describe: '',
  zn_describe: '',
  tax_class: 'groceries',
  sold_by: 'unit',
  weight_unit: 'lb',
  unit_price: '',
  step: '',
  piece_grams: '',
};

/** The editor's values for a stored product. */
export function formOf(p: AdminProduct): ProductForm {
  const form = { ...EMPTY_FORM };
  for (const key of Object.keys(EMPTY_FORM) as (keyof ProductForm)[]) {
    const value = p[key];
    form[key] =
      key === 'price' || (key === 'unit_price' && p.unit_price > 0)
        ? amountField(centsOf(p[key]))
        : OPTIONAL_NUMBERS.has(key) && value === 0
          ? ''
          : String(value ?? '');
  }
  return form;
}
