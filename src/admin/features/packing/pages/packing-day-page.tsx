import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PACKING_MAX } from '#shared/schemas/order.rules';
import { can } from '#shared/schemas/staff.rules';
import { slotDayLabel, slotLabel } from '#shared/slot-label';
import { Loading } from '#web/components/ui/loading';
import { useStaff } from '../../../api/me';
import { Forbidden, LoadError } from '../../../components/ui/states';
import { TimeZoneHint } from '../../../components/ui/time-zone-hint';
import { useLanguage } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';
import { type PackingOrder, packingDayQueryOptions } from '../api/packing';
import { packingListParts } from '../components/format';
import { PackingOrderCard } from '../components/packing-order';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The packer's day: paid orders grouped by delivery slot on the chosen day (the shop's time zone),
 * each slot with its printable packing list, then the orders without a slot by payment time.
 */
export function PackingDayPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  usePageTitle(t('packing.title'));
  const [params, setParams] = useSearchParams();
  const asked = params.get('day') ?? '';
  const day = DAY.test(asked) ? asked : undefined;
  const staff = useStaff();
  const allowed = can(staff.role, 'orders.view');
  const packing = useQuery({ ...packingDayQueryOptions(day), enabled: allowed });

  if (!allowed) return <Forbidden />;
  return (
    <section className="admin-page packing-page">
      <div className="orders-head">
        <h1>{t('packing.title')}</h1>
      </div>
      <DayChooser
        key={day ?? ''}
        shown={day ?? packing.data?.day}
        onChoose={(chosen) => setParams(chosen ? { day: chosen } : {})}
      />
      {packing.isPending ? (
        <Loading />
      ) : packing.isError ? (
        <LoadError error={packing.error} retry={() => void packing.refetch()} />
      ) : (
        <>
          <TimeZoneHint zone={packing.data.time_zone} />
          <p className="admin-hint">{t('packing.scan.refresh')}</p>
          {packing.data.slots.length === 0 && packing.data.no_slot.length === 0 ? (
            <p className="admin-state">{t('packing.none')}</p>
          ) : null}
          {packing.data.slots.map((slot) => {
            const zone = packing.data.time_zone;
            const start = new Date(slot.starts_at);
            // As the shopper and the mails say it; a window without an end is named by its day.
            const label = slot.ends_at
              ? slotLabel(start, new Date(slot.ends_at), zone, language)
              : slotDayLabel(start, zone, language);
            return (
              <section key={slot.starts_at} className="packing-slot" aria-label={label}>
                <div className="orders-head">
                  <h2>{label}</h2>
                  <PackingListLinks orders={slot.orders} day={packing.data.day} />
                </div>
                {slot.orders.map((order) => (
                  <PackingOrderCard
                    key={order.order_no}
                    order={order}
                    weightUnit={packing.data.weight_unit}
                  />
                ))}
              </section>
            );
          })}
          {packing.data.no_slot.length > 0 ? (
            <section className="packing-slot" aria-label={t('packing.noSlot')}>
              <div className="orders-head">
                <h2>{t('packing.noSlot')}</h2>
                <PackingListLinks orders={packing.data.no_slot} day={packing.data.day} />
              </div>
              {packing.data.no_slot.map((order) => (
                <PackingOrderCard key={order.order_no} order={order} weightUnit={packing.data.weight_unit} />
              ))}
            </section>
          ) : null}
        </>
      )}
    </section>
  );
}

/**
 * The day field and its Show button. What the packer types is theirs until they press Show: the
 * field starts at the asked day, or the shop's today once the answer names it, and the answer's
 * arrival never overwrites a date typed meanwhile (keyed by the asked day, so going back resets it).
 */
function DayChooser({
  shown,
  onChoose,
}: {
  shown: string | undefined;
  onChoose: (day: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState<string | undefined>(undefined);
  return (
    <form
      className="packing-day"
      onSubmit={(event) => {
        event.preventDefault();
        const chosen = typed ?? shown ?? '';
        onChoose(DAY.test(chosen) ? chosen : undefined);
      }}
    >
      <label htmlFor="packing-day">{t('packing.day')}</label>
      <input
        id="packing-day"
        name="day"
        type="date"
        value={typed ?? shown ?? ''}
        onChange={(event) => setTyped(event.currentTarget.value)}
      />
      <button type="submit" className="button button-secondary">
        {t('packing.show')}
      </button>
    </form>
  );
}

/** Links to the packing lists of these orders (packingListParts): one, or one per PACKING_MAX orders. */
function PackingListLinks({ orders, day }: { orders: PackingOrder[]; day: string }) {
  const { t } = useTranslation();
  const parts = packingListParts(
    orders.map((o) => o.order_no),
    day,
    PACKING_MAX,
  );
  return parts.map((part) => (
    <Link key={part.from} className="button button-secondary" to={part.href}>
      {parts.length === 1
        ? t('packing.list.open')
        : t('packing.list.openPart', { from: part.from, to: part.to })}
    </Link>
  ));
}
