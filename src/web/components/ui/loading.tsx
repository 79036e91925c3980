import { useTranslation } from 'react-i18next';
import './loading.css';

/** A page's or a section's place while its data loads: "Loading…" (common.json), announced. Both apps use it. */
export function Loading() {
  const { t } = useTranslation('common');
  return (
    <p className="page-loading" role="status">
      {t('loading')}
    </p>
  );
}
