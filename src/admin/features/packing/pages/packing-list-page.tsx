import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { can } from '#shared/schemas/staff.rules';
import { useStaff } from '../../../api/me';
import { Forbidden, LoadError, Loading } from '../../../components/ui/states';
import { useLanguage } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';
import { packingDayQueryOptions } from '../api/packing';
import { slotLabel } from '../components/format';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * One slot's packing list, made for paper: every line of every order in the slot (product in both
 * languages, quantity, order number, what the shopper wants if it is missing), with a box to tick.
 */
export function PackingListPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [params] = useSearchParams();
  const asked = params.get('day') ?? '';
  const day = DAY.test(asked) ? asked : undefined;
  const slot = params.get('slot') ?? 'none';
  const staff = useStaff();
  const allowed = can(staff.role, 'orders.view');
  const packing = useQuery({ ...packingDayQueryOptions(day), enabled: allowed });
  const found = packing.data?.slots.find((s) => s.starts_at === slot);
  const title =
    found && packing.data
      ? t('packing.list.title', {
          slot: slotLabel(found.starts_at, found.ends_at, packing.data.time_zone, language),
        })
      : t('packing.list.title', { slot: t('packing.noSlot') });
  usePageTitle(title);

  if (!allowed) return <Forbidden />;
  if (packing.isPending) return <Loading />;
  if (packing.isError) return <LoadError error={packing.error} retry={() => void packing.refetch()} />;
  const orders = found ? found.orders : slot === 'none' ? packing.data.no_slot : [];
  const rows = orders.flatMap((o) => o.lines.map((line) => ({ order: o.order_no, line })));
  return (
    <section className="admin-page orders-packing">
      <div className="orders-head no-print">
        <h1>{title}</h1>
        <button type="button" className="button button-primary" onClick={() => window.print()}>
          {t('packing.list.print')}
        </button>
        <Link to={`/admin/packing${day ? `?day=${day}` : ''}`}>{t('packing.list.back')}</Link>
      </div>
      <h1 className="print-only">{title}</h1>
      {rows.length === 0 ? (
        <p className="admin-state">{t('packing.none')}</p>
      ) : (
        <table className="orders-slip-lines">
          <thead>
            <tr>
              <th scope="col">{t('packing.list.check')}</th>
              <th scope="col">{t('packing.list.english')}</th>
              <th scope="col">{t('packing.list.chinese')}</th>
              <th scope="col">{t('packing.fields.qty')}</th>
              <th scope="col">{t('packing.fields.orderNo')}</th>
              <th scope="col">{t('packing.fields.whenMissing')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ order, line }) => (
              <tr key={line.id}>
                <td className="orders-slip-box" aria-hidden="true">
                  ☐
                </td>
                <td lang="en">{line.en_name}</td>
                <td lang="zh-CN">{line.zn_name}</td>
                <td className="orders-slip-qty">{line.num}</td>
                <td>{order}</td>
                <td>{t(`packing.whenMissing.${line.when_missing}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
