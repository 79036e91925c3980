import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '#web/components/ui/page-header';
import { StateView } from '#web/components/ui/states';
import { useDocumentTitle } from '#web/lib/document-title';

/** Any path outside the route table (docs/product.md §2): the not-found state and a way home. */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  useDocumentTitle(t('notFound.title'));
  return (
    <>
      <PageHeader title={t('notFound.title')} />
      <StateView
        kind="notFound"
        action={
          <Link to="/home" className="button button-primary">
            {t('actions.goHome')}
          </Link>
        }
      />
    </>
  );
}
