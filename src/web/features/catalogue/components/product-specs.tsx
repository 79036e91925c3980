import { useTranslation } from 'react-i18next';
import type { Product } from '#shared/schemas/catalogue';
import { useLanguage } from '#web/lib/i18n';
import { specRows } from './product-spec-rows';

/** The product's specification rows (product-spec-rows.ts); none shown when none is set. */
export function ProductSpecs({ product }: { product: Product }) {
  const { t } = useTranslation('catalogue');
  const language = useLanguage();
  const rows = specRows(product, language, t);
  if (rows.length === 0) return null;
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
