import { useTranslation } from 'react-i18next';
import { formatCents } from '#shared/money';
import { centsOf } from '#web/lib/money';
import { changeOf, type Today } from '../api/today';

/**
 * Today's paid orders and revenue (net of today's refunds), each beside the same weekday last week (up to this time of day).
 * Nothing for staff the server does not tell the takings (packers).
 */
export function PaidCard({ today }: { today: Today }) {
  const { t } = useTranslation();
  const now = today.paid_today;
  const before = today.paid_same_day_last_week;
  if (!now || !before) return null;
  return (
    <section className="admin-panel" aria-labelledby="today-paid">
      <h2 id="today-paid">{t('today.paid.title')}</h2>
      <dl className="admin-facts">
        <dt>{t('today.paid.orders')}</dt>
        <dd>
          <span className="admin-figure">{now.count}</span> <Change now={now.count} before={before.count} />
        </dd>
        <dt>{t('today.paid.revenue')}</dt>
        <dd>
          <span className="admin-figure">{formatCents(centsOf(now.revenue))}</span>{' '}
          <Change now={now.revenue} before={before.revenue} />
        </dd>
      </dl>
      {now.refunded > 0 && (
        <p className="admin-hint">
          {t('today.paid.refunded', { amount: formatCents(centsOf(now.refunded)) })}
        </p>
      )}
      <p className="admin-hint">
        {t('today.paid.lastWeek', {
          count: before.count,
          revenue: formatCents(centsOf(before.revenue)),
        })}
      </p>
    </section>
  );
}

function Change({ now, before }: { now: number; before: number }) {
  const { t } = useTranslation();
  const { direction, percent } = changeOf(now, before);
  const text =
    percent === null ? t(`today.change.${direction}New`) : t(`today.change.${direction}`, { percent });
  return <span className={`admin-change is-${direction}`}>{text}</span>;
}
