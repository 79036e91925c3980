import { z } from 'zod';
import { checkBarcode, SCALE_ITEM_CODE_PATTERN } from '../barcode';
import { amountToCents } from '../money';
import { MAX_PIECE_GRAMS } from '../weight';
import { isTaxClassCode } from './admin/tax.zod';
import { formFields, IdParam, refuse, Text } from './common.zod';
import {
  ADMIN_PRODUCT_PAGE_SIZE,
  ADMIN_PRODUCT_PAGE_SIZE_MAX,
  PRODUCT_NUMBER_MAX,
  PRODUCT_PRICE_MAX_CENTS,
  PRODUCT_TEXT_MAX,
} from './product-admin.rules';

/* Requests of the console's product routes (docs/api.md, Admin: products). */

const E = 'errors:catalogueAdmin.products';

const PositiveInt = (max: number) =>
  z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .refine((n) => n >= 1 && n <= max);

/** `GET /api/admin/products`: filters and paging (pageSize 1–200, default 50). */
export const AdminProductListInput = z.object({
  q: Text(100).transform((q) => q.trim()),
  category: IdParam.optional(),
  published: z.enum(['yes', 'no']).optional(),
  stock: z.enum(['out', 'low']).optional(),
  missing: z.enum(['en', 'zh']).optional(),
  archived: z.enum(['yes']).optional(),
  page: PositiveInt(1_000_000).optional().default(1),
  pageSize: PositiveInt(ADMIN_PRODUCT_PAGE_SIZE_MAX).optional().default(ADMIN_PRODUCT_PAGE_SIZE),
});
export type AdminProductListInput = z.output<typeof AdminProductListInput>;

export const ProductIdParams = z.object({ id: IdParam });

/** A text field that keeps its absence (undefined: not changed), trimmed unless `raw`. */
const Field = (max: number, message: `errors:${string}`, raw = false) =>
  z
    .unknown()
    .optional()
    .transform((value, ctx): string | undefined => {
      if (value === undefined) return undefined;
      if (value === null) return '';
      if (typeof value !== 'string' || value.includes('\u0000')) return refuse(ctx, 'field');
      if (value.length > max) return refuse(ctx, message);
      return raw ? value : value.trim();
    });

/** A whole number 0…max, as text (a form) or a JSON number; `message` when it is not one. */
const Count = (message: `errors:${string}`, max = PRODUCT_NUMBER_MAX, emptyIsUnset = false) =>
  z
    .unknown()
    .optional()
    .transform((value, ctx): number | undefined => {
      if (value === undefined) return undefined;
      const text = typeof value === 'string' ? value.trim() : '';
      // A weight or shelf life left empty is unset, kept as 0 (the storefront shows no row for it).
      if (emptyIsUnset && text === '') return 0;
      if (!/^\d{1,10}$/.test(text) || Number(text) > max) return refuse(ctx, message);
      return Number(text);
    });

const Price = z
  .unknown()
  .optional()
  .transform((value, ctx): number | undefined => {
    if (value === undefined) return undefined;
    const cents = typeof value === 'string' ? amountToCents(value) : undefined;
    if (cents === undefined || cents > PRODUCT_PRICE_MAX_CENTS) return refuse(ctx, `${E}.price`);
    return cents;
  });

const Category = z
  .unknown()
  .optional()
  .transform((value, ctx): number | undefined => {
    if (value === undefined) return undefined;
    const parsed = IdParam.safeParse(typeof value === 'string' ? value.trim() : value);
    return parsed.success ? parsed.data : refuse(ctx, `${E}.category`);
  });

/**
 * A product code: empty (or null) clears it; otherwise `check` says the code to keep or the key of
 * what is wrong with it.
 */
const CodeField = (check: (text: string) => { code: string } | { problem: `errors:${string}` }) =>
  z
    .unknown()
    .optional()
    .transform((value, ctx): string | null | undefined => {
      if (value === undefined) return undefined;
      if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
      const checked = check(typeof value === 'string' && value.length <= 40 ? value : '-');
      return 'code' in checked ? checked.code : refuse(ctx, checked.problem);
    });

/** EAN-13, UPC-A or EAN-8 with its check digit, each refusal in its own words (docs/product.md, Barcodes). */
export const BarcodeField = CodeField((text) => {
  const checked = checkBarcode(text);
  return checked.ok ? { code: checked.code } : { problem: `errors:barcode.${checked.problem}` };
});

/** A scale item code: exactly five digits. */
export const ScaleItemCodeField = CodeField((text) =>
  SCALE_ITEM_CODE_PATTERN.test(text.trim())
    ? { code: text.trim() }
    : { problem: 'errors:barcode.scaleItemCode' },
);

const { name, label, brand, describe } = PRODUCT_TEXT_MAX;

/** One of `values`, or `message`; absent: unchanged. */
const OneOf = <T extends string>(values: readonly T[], message: `errors:${string}`) =>
  z
    .unknown()
    .optional()
    .transform((value, ctx): T | undefined => {
      if (value === undefined) return undefined;
      const text = typeof value === 'string' ? value.trim() : '';
      return (values as readonly string[]).includes(text) ? (text as T) : refuse(ctx, message);
    });

/** An ordering step in units, up to 3 decimals ("0.5"), as thousandths; empty or 0: none. */
const Step = z
  .unknown()
  .optional()
  .transform((value, ctx): number | undefined => {
    if (value === undefined) return undefined;
    const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
    if (text === '') return 0;
    const match = /^(\d{1,2})(?:\.(\d{1,3}))?$/.exec(text);
    if (!match) return refuse(ctx, 'errors:weight.badStep');
    return Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0'));
  });

/** The fields the editor writes; an absent field is left as it is. `price` is an amount in dollars. */
const productShape = {
  en_name: Field(name, `${E}.tooLong`),
  zn_name: Field(name, `${E}.tooLong`),
  en_number: Field(label, `${E}.tooLong`),
  zn_number: Field(label, `${E}.tooLong`),
  en_weight: Field(label, `${E}.tooLong`),
  zn_weight: Field(label, `${E}.tooLong`),
  brand_en_name: Field(brand, `${E}.tooLong`),
  brand_zn_name: Field(brand, `${E}.tooLong`),
  box_gauge: Field(label, `${E}.tooLong`),
  en_describe: Field(describe, `${E}.describeTooLong`, true),
  zn_describe: Field(describe, `${E}.describeTooLong`, true),
  category_id: Category,
  weight_g: Count(`${E}.number`, PRODUCT_NUMBER_MAX, true),
  net_weight_g: Count(`${E}.number`, PRODUCT_NUMBER_MAX, true),
  net_volume_ml: Count(`${E}.number`, PRODUCT_NUMBER_MAX, true),
  net_count: Count(`${E}.number`, PRODUCT_NUMBER_MAX, true),
  barcode: BarcodeField,
  scale_item_code: ScaleItemCodeField,
  term_days: Count(`${E}.number`, PRODUCT_NUMBER_MAX, true),
  low_stock_threshold: Count(`${E}.number`),
  price: Price,
  sold_by: OneOf(['unit', 'weight'] as const, 'errors:weight.soldBy'),
  weight_unit: OneOf(['lb', 'kg'] as const, 'errors:settings.weightUnit'),
  /** Empty: unchanged (a product sold by the unit sends it empty). */
  unit_price: z
    .unknown()
    .optional()
    .transform((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v))
    .pipe(Price),
  step: Step,
  piece_grams: Count('errors:weight.badPiece', MAX_PIECE_GRAMS, true),
  /** The product's tax class code (docs/product.md, Tax); the server checks it exists. */
  tax_class: z
    .unknown()
    .optional()
    .transform((value, ctx): string | undefined => {
      if (value === undefined) return undefined;
      const code = typeof value === 'string' ? value.trim() : '';
      return isTaxClassCode(code) ? code : refuse(ctx, 'errors:tax.codeBad');
    }),
};

/** `POST /api/admin/products/:id`: the fields to change. */
export const AdminProductInput = formFields(productShape);
export type AdminProductInput = z.output<typeof AdminProductInput>;

/** `POST /api/admin/products`: a new product needs its category; everything else may come later. */
export const AdminProductCreateInput = AdminProductInput.transform((input, ctx) =>
  input.category_id === undefined
    ? refuse(ctx, `${E}.category`)
    : { ...input, category_id: input.category_id },
);
export type AdminProductCreateInput = z.output<typeof AdminProductCreateInput>;

/** `POST …/publish`: `published` true or false. */
export const PublishInput = formFields({
  published: z.enum(['true', 'false']).transform((v) => v === 'true'),
});
