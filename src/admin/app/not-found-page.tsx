import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../lib/page-title';
import { todayPath } from '../lib/urls/today';

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <div className="admin-state">
      <h1>{t('notFound.title')}</h1>
      <Link to={todayPath} className="button button-secondary">
        {t('notFound.home')}
      </Link>
    </div>
  );
}
