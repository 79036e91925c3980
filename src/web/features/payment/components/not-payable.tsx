import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** An order that is no longer pending: nothing to pay, and the way to it. */
export function NotPayable({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation('pay');
  return (
    <section className="panel wallet-return">
      <p>{t('notPayable')}</p>
      <Link to={`/order/${orderNo}`} className="button button-primary">
        {t('viewOrder')}
      </Link>
    </section>
  );
}
