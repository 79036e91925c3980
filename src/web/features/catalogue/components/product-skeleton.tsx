import { useTranslation } from 'react-i18next';

/** The product page's boxes while it loads: picture, name, price, buttons. */
export function ProductSkeleton() {
  const { t } = useTranslation('common');
  return (
    <div className="product-detail is-skeleton" role="status" aria-label={t('loading')}>
      <div className="product-media">
        <div className="image-box" />
      </div>
      <div className="product-info">
        <div className="skeleton-line is-small" style={{ width: '30%' }} />
        <div className="skeleton-line" style={{ width: '80%', height: '1.6rem' }} />
        <div className="skeleton-line" style={{ width: '40%', height: '1.4rem' }} />
        <div className="skeleton-line is-small" style={{ width: '50%' }} />
        <div className="skeleton-line" style={{ width: '100%', height: '44px', marginTop: 16 }} />
      </div>
    </div>
  );
}
