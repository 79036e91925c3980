import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { Language } from '#shared/constants';
import { ORDER_NO_PATTERN, PACKING_MAX } from '#shared/schemas/order.rules';
import { can } from '#shared/schemas/staff.rules';
import { slotLabel } from '#shared/slot-label';
import { Loading } from '#web/components/ui/loading';
import { useStaff, useWhen } from '../../../api/me';
import { Forbidden, LoadError } from '../../../components/ui/states';
import { useLanguage } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';
import { orderListPath } from '../../../lib/urls/orders';
import { packingUrl } from '../../../lib/urls/packing';
import { type PackingOrder, packingQueryOptions } from '../api/orders';
import { AddressLines } from '../components/address';
import { OrderSlotText } from '../components/order-slot';
import { WhenMissingTag } from '../components/when-missing-tag';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The console's one packing list, made for paper, whichever way its orders were chosen: ticked in
 * the order list (`?orders=`), one order's slip, or a delivery slot's orders from the Packing page
 * (`?orders=…&day=`, Back returns there). Each order's window, address and lines in both languages
 * with what the shopper wants if a line is missing, one order per printed page.
 */
export function PackingPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const when = useWhen();
  const [params] = useSearchParams();
  const day = params.get('day') ?? '';
  const orderNos = [
    ...new Set(
      (params.get('orders') ?? '')
        .split(',')
        .map((no) => no.trim())
        .filter((no) => ORDER_NO_PATTERN.test(no)),
    ),
  ].slice(0, PACKING_MAX);
  const staff = useStaff();
  const allowed = can(staff.role, 'orders.view');
  const packing = useQuery({ ...packingQueryOptions(orderNos), enabled: allowed && orderNos.length > 0 });
  const title = packingTitle(orderNos.length, packing.data?.orders ?? [], t, language);
  usePageTitle(title);

  if (!allowed) return <Forbidden />;
  return (
    <section className="admin-page orders-packing">
      <div className="orders-head no-print">
        <h1>{title}</h1>
        <button type="button" className="button button-primary" onClick={() => window.print()}>
          {t('orders.packing.print')}
        </button>
        {DAY.test(day) ? (
          <Link to={packingUrl(day)}>{t('orders.packing.backToPacking')}</Link>
        ) : (
          <Link to={orderListPath}>{t('orders.detail.back')}</Link>
        )}
      </div>
      {orderNos.length === 0 ? (
        <p className="admin-state">{t('orders.packing.none')}</p>
      ) : packing.isPending ? (
        <Loading />
      ) : packing.isError ? (
        <LoadError error={packing.error} retry={() => void packing.refetch()} />
      ) : (
        <>
          {packing.data.missing.length > 0 ? (
            <p className="form-error no-print" role="alert">
              {t('orders.packing.missing', { orders: packing.data.missing.join(', ') })}
            </p>
          ) : null}
          {packing.data.orders.map((order) => (
            <article key={order.order_no} className="orders-slip" aria-labelledby={`slip-${order.order_no}`}>
              <header className="orders-slip-head">
                <h2 id={`slip-${order.order_no}`}>
                  {t('orders.packing.order', { orderNo: order.order_no })}
                </h2>
                <p>{when(order.paid_at ?? order.created_at)}</p>
                <p>
                  <OrderSlotText slot={order.slot} />
                </p>
              </header>
              <section aria-label={t('orders.detail.address')}>
                <AddressLines address={order.address} />
              </section>
              <table className="orders-slip-lines">
                <thead>
                  <tr>
                    <th scope="col">{t('orders.packing.check')}</th>
                    <th scope="col">{t('orders.packing.english')}</th>
                    <th scope="col">{t('orders.packing.chinese')}</th>
                    <th scope="col">{t('orders.fields.qty')}</th>
                    <th scope="col">{t('orders.packing.whenMissing')}</th>
                  </tr>
                </thead>
                <tbody>
                  {order.lines.map((line) => (
                    <tr key={line.id}>
                      <td className="orders-slip-box" aria-hidden="true">
                        ☐
                      </td>
                      <td lang="en">{line.en_name}</td>
                      <td lang="zh-CN">{line.zn_name}</td>
                      <td className="orders-slip-qty">{line.num}</td>
                      <td>
                        <WhenMissingTag choice={line.when_missing} />
                      </td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row" colSpan={3}>
                      {t('orders.packing.count')}
                    </th>
                    <td className="orders-slip-qty">{order.total_count}</td>
                    <td />
                  </tr>
                </tfoot>
              </table>
            </article>
          ))}
        </>
      )}
    </section>
  );
}

/** "Packing slip" for one order; "Packing list: Thu 26 Nov, 10:00–12:00" for orders of one window. */
function packingTitle(asked: number, orders: PackingOrder[], t: TFunction, language: Language): string {
  if (asked === 1) return t('orders.packing.slip');
  const slot = orders[0]?.slot;
  const oneWindow = slot && orders.every((o) => o.slot?.starts_at === slot.starts_at);
  if (!oneWindow) return t('orders.packing.list');
  const window = slotLabel(new Date(slot.starts_at), new Date(slot.ends_at), slot.time_zone, language);
  return t('orders.packing.slotList', { slot: window });
}
