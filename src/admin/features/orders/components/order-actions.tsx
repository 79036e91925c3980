import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUS } from '#shared/schemas/order.rules';
import { can, type StaffRole } from '#shared/schemas/staff.rules';
import { FormError } from '../../../components/ui/states';
import type { OrderDialog } from '../../../lib/urls/orders';
import { type OrderAction, type OrderDetail, useOrderAction } from '../api/orders';
import { ActionDialog } from './dialog';
import { RefundDialog } from './refund-dialog';

type Open = OrderDialog | null;

/** What this role may do to the order in its state (the server checks again and may refuse). */
export function actionsFor(
  role: StaffRole,
  order: Pick<OrderDetail, 'status' | 'packed_at' | 'total_price' | 'refunded'>,
) {
  const fulfil = can(role, 'orders.fulfil');
  const processing = order.status === ORDER_STATUS.processing;
  const tookMoney = [ORDER_STATUS.processing, ORDER_STATUS.shipped, ORDER_STATUS.completed].some(
    (s) => s === order.status,
  );
  return {
    pack: fulfil && processing && order.packed_at === null,
    ship: fulfil && processing,
    complete: fulfil && order.status === ORDER_STATUS.shipped,
    cancel: can(role, 'orders.cancel') && order.status === ORDER_STATUS.pending,
    refund: can(role, 'orders.refund') && tookMoney && order.refunded < order.total_price,
  };
}

/** The order's action buttons by role and state; dialogs for ship, cancel and refund. */
export function OrderActions({ order, role }: { order: OrderDetail; role: StaffRole }) {
  const { t } = useTranslation();
  const id = useId();
  const action = useOrderAction(order.order_no);
  const [open, setOpen] = useState<Open>(null);
  const allowed = actionsFor(role, order);
  const run = (input: OrderAction) => action.mutate(input, { onSuccess: () => setOpen(null) });
  const openDialog = (which: Open) => {
    action.reset();
    setOpen(which);
  };
  if (!Object.values(allowed).some(Boolean)) return null;
  return (
    <div className="orders-actions">
      <div className="admin-actions">
        {allowed.pack ? (
          <button
            type="button"
            className="button button-primary"
            disabled={action.isPending}
            onClick={() => run({ kind: 'pack' })}
          >
            {t('orders.actions.pack')}
          </button>
        ) : null}
        {allowed.ship ? (
          <button type="button" className="button button-primary" onClick={() => openDialog('ship')}>
            {t('orders.actions.ship')}
          </button>
        ) : null}
        {allowed.complete ? (
          <button
            type="button"
            className="button button-primary"
            disabled={action.isPending}
            onClick={() => run({ kind: 'complete' })}
          >
            {t('orders.actions.complete')}
          </button>
        ) : null}
        {allowed.refund ? (
          <button type="button" className="button button-secondary" onClick={() => openDialog('refund')}>
            {t('orders.actions.refund')}
          </button>
        ) : null}
        {allowed.cancel ? (
          <button type="button" className="button button-danger" onClick={() => openDialog('cancel')}>
            {t('orders.actions.cancel')}
          </button>
        ) : null}
      </div>
      {open === null ? <FormError error={action.error} /> : null}
      {open === 'ship' ? (
        <ActionDialog
          title={t('orders.ship.title')}
          submitLabel={t('orders.ship.submit')}
          pending={action.isPending}
          error={action.error}
          onClose={() => setOpen(null)}
          onSubmit={(form) =>
            run({
              kind: 'ship',
              carrier: String(form.get('carrier') ?? '').trim(),
              tracking: String(form.get('tracking') ?? '').trim(),
            })
          }
        >
          <div className="field">
            <label className="field-label" htmlFor={`${id}-carrier`}>
              {t('orders.ship.carrier')}
            </label>
            <input id={`${id}-carrier`} className="input" name="carrier" maxLength={60} />
          </div>
          <div className="field">
            <label className="field-label" htmlFor={`${id}-tracking`}>
              {t('orders.ship.tracking')}
            </label>
            <input id={`${id}-tracking`} className="input" name="tracking" maxLength={100} />
          </div>
        </ActionDialog>
      ) : null}
      {open === 'cancel' ? (
        <ActionDialog
          title={t('orders.cancel.title')}
          submitLabel={t('orders.cancel.submit')}
          danger
          pending={action.isPending}
          error={action.error}
          onClose={() => setOpen(null)}
          onSubmit={() => run({ kind: 'cancel' })}
        >
          <p>{t('orders.cancel.text')}</p>
        </ActionDialog>
      ) : null}
      {open === 'refund' ? (
        <RefundDialog
          order={order}
          pending={action.isPending}
          error={action.error}
          onClose={() => setOpen(null)}
          onSubmit={run}
        />
      ) : null}
    </div>
  );
}
