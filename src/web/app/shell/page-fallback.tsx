import { useTranslation } from 'react-i18next';

/** While a page's code or texts load: a quiet placeholder of the page's usual shape. */
export function PageFallback() {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  return (
    <div className="page-fallback" role="status" aria-label={ready ? t('loading') : undefined}>
      <div className="skeleton-line is-title" />
      <div className="page-fallback-grid">
        <div />
        <div />
        <div />
        <div />
      </div>
    </div>
  );
}
