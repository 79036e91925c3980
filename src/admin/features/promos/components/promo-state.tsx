import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PromoState } from '#shared/schemas/promo.rules';
import { Loading } from '#web/components/ui/loading';
import { LoadError } from '../../../components/ui/states';
import { TimeZoneHint } from '../../../components/ui/time-zone-hint';

/** Scheduled, running, ended (or disabled, for a coupon), as a badge. */
export function PromoStateBadge({ state }: { state: PromoState | 'disabled' }) {
  const { t } = useTranslation();
  return <span className={`promo-state is-${state}`}>{t(`promotions.state.${state}`)}</span>;
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
