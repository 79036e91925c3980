import { useTranslation } from 'react-i18next';
import type { Product } from '#shared/schemas/catalogue';
import { useLanguage } from '#web/lib/i18n';
import { pick } from '#web/lib/localized';

/** The specification rows of docs/product.md §2: brand, box gauge, weight, net weight, shelf life in days. */
export function ProductSpecs({ product }: { product: Product }) {
  const { t } = useTranslation('catalogue');
  const language = useLanguage();
  const rows: [string, string][] = [
    [t('product.brand'), pick(language, product.brand_en_name, product.brand_zn_name)],
    [t('product.boxGauge'), product.number],
    [t('product.weight'), pick(language, product.en_weight, product.zn_weight)],
    [t('product.netWeight'), t('product.grams', { count: product.net_weight })],
    [t('product.shelfLife'), t('product.days', { count: product.term })],
  ];
  return (
    <dl className="spec-list">
      {rows.map(([label, value]) => (
        <div key={label} className="spec-row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
