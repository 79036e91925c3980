import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { WeightUnit } from '#shared/weight';
import { useWhen } from '../../../api/me';
import { LineTable } from '../../../components/order-lines/line-table';
import { FormError } from '../../../components/ui/states';
import { orderUrl } from '../../../lib/urls/orders';
import { type PackingOrder, usePackOrder } from '../api/packing';
import { LineMarkControls, MarkSummary, ShopperChoice } from './line-mark';
import { WeightSummary } from './line-weight';
import { ScanField } from './scan-field';

/**
 * One order on the packing bench: its scan field, its lines in aisle order with their marks, and
 * Mark packed once all are marked.
 */
export function PackingOrderCard({ order, weightUnit }: { order: PackingOrder; weightUnit: WeightUnit }) {
  const { t } = useTranslation();
  const when = useWhen();
  const pack = usePackOrder(order.order_no);
  const unmarked = order.lines.filter((l) => l.mark === null).length;
  const headingId = `packing-${order.order_no}`;
  return (
    <article className="admin-panel packing-order" aria-labelledby={headingId}>
      <header className="packing-order-head">
        <h3 id={headingId}>
          <Link to={orderUrl(order.order_no)}>{t('packing.order', { orderNo: order.order_no })}</Link>
        </h3>
        <span>{order.name}</span>
        <span>{when(order.paid_at)}</span>
        {order.packed ? <span className="packing-mark is-picked">{t('packing.packed')}</span> : null}
      </header>
      {order.instructions ? (
        <p className="packing-instructions">
          {t('packing.instructions', { instructions: order.instructions })}
        </p>
      ) : null}
      {order.packed ? null : <ScanField order={order} unit={weightUnit} />}
      <LineTable
        lines={order.lines}
        productHeader={t('packing.fields.product')}
        columns={[
          {
            header: t('packing.fields.qty'),
            // A phone hides the table's head (packing.css): the line says what the figure is.
            cell: (line) => (
              <>
                <span className="packing-phone-only">{t('packing.fields.qty')}: </span>
                {line.num}
              </>
            ),
          },
          {
            header: t('packing.fields.whenMissing'),
            cell: (line) => <ShopperChoice line={line} />,
          },
          {
            header: t('packing.fields.mark'),
            cell: (line) => (
              <>
                <MarkSummary mark={line.mark} when={when} />
                {line.weight ? <WeightSummary weight={line.weight} /> : null}
                {order.packed ? null : <LineMarkControls orderNo={order.order_no} line={line} />}
              </>
            ),
          },
        ]}
      />
      {order.packed ? null : (
        <div className="admin-actions">
          <button
            type="button"
            className="button button-primary"
            disabled={unmarked > 0 || pack.isPending}
            onClick={() => pack.mutate()}
          >
            {t('packing.actions.pack')}
          </button>
          {unmarked > 0 ? (
            <span className="admin-hint">{t('packing.unmarked', { count: unmarked })}</span>
          ) : null}
        </div>
      )}
      <FormError error={pack.error} />
    </article>
  );
}
