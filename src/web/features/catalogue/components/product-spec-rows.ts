import type { TFunction } from 'i18next';
import type { Language } from '#shared/constants';
import type { Product } from '#shared/schemas/catalogue';
import { pick } from '#web/lib/localized';

/**
 * The specification rows of docs/product.md §2, as [label, value]: brand, box gauge, weight, net
 * weight, net volume or piece count, shelf life in days. A row the product leaves unset (empty text, or 0 for a number, which
 * is how the console keeps an unset weight or shelf life) is left out, never shown as "0 g".
 */
export function specRows(
  product: Pick<
    Product,
    'brand_en_name' | 'brand_zn_name' | 'number' | 'en_weight' | 'zn_weight' | 'net_weight' | 'term'
  > &
    Partial<Pick<Product, 'net_quantity' | 'net_unit'>>,
  language: Language,
  t: TFunction<'catalogue'> | TFunction,
): [string, string][] {
  const rows: [string, string][] = [
    [t('product.brand'), pick(language, product.brand_en_name, product.brand_zn_name)],
    [t('product.boxGauge'), product.number],
    [t('product.weight'), pick(language, product.en_weight, product.zn_weight)],
    [t('product.netWeight'), product.net_weight > 0 ? t('product.grams', { count: product.net_weight }) : ''],
    // Liquids and goods sold by the piece say what the unit price divides (docs/product.md, Price per unit).
    [
      t('product.netVolume'),
      product.net_unit === 'ml' ? t('product.millilitres', { count: product.net_quantity }) : '',
    ],
    [
      t('product.pieceCount'),
      product.net_unit === 'ct' ? t('product.pieces', { count: product.net_quantity }) : '',
    ],
    [t('product.shelfLife'), product.term > 0 ? t('product.days', { count: product.term }) : ''],
  ];
  return rows.filter(([, value]) => value.trim() !== '');
}
