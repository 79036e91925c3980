import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PromoState } from '#shared/schemas/promo.rules';
import { LoadError, Loading } from '../../../components/ui/states';

/** Scheduled, running, ended (or disabled, for a coupon), as a badge. */
export function PromoStateBadge({ state }: { state: PromoState | 'disabled' }) {
  const { t } = useTranslation();
  return <span className={`promo-state is-${state}`}>{t(`promotions.state.${state}`)}</span>;
}

/** Where the times are: the shop's time zone, which the console shows and enters them in. */
export function TimeZoneHint({ zone }: { zone: string | undefined }) {
  const { t } = useTranslation();
  return zone ? <p className="admin-hint">{t('promotions.timeZone', { zone })}</p> : null;
}

/**
 * A list page of promotions or coupons: its heading, the New link, then the list once loaded
 * (loading, failure with retry, empty, or the time zone and `children` with the items).
 */
export function PromoListFrame<T>({
  texts,
  to,
  list,
  children,
}: {
  texts: 'promotions' | 'coupons';
  to: string;
  list: UseQueryResult<{ time_zone: string; items: T[] }>;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="admin-page">
      <h1>{t(`${texts}.title`)}</h1>
      <p className="admin-actions">
        <Link className="button" to={to}>
          {t(`${texts}.new`)}
        </Link>
      </p>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadError error={list.error} retry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <p className="admin-state">{t(`${texts}.empty`)}</p>
      ) : (
        <>
          <TimeZoneHint zone={list.data.time_zone} />
          <div className="admin-table-wrap">{children(list.data.items)}</div>
        </>
      )}
    </section>
  );
}
