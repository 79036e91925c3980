import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCancelOrder } from '#web/api/order';
import { Modal } from '#web/components/ui/modal';
import { messageOf } from '#web/lib/api-client';

/**
 * "Cancel order" on an unpaid order (docs/product.md, Order detail): asks first, in a dialog that
 * says what cancelling does; the server's refusal (paid meanwhile, a payment under way) shows in it.
 */
export function CancelOrder({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation('orders');
  const [open, setOpen] = useState(false);
  const cancel = useCancelOrder(orderNo);
  const close = () => {
    setOpen(false);
    cancel.reset();
  };
  return (
    <>
      <button type="button" className="button button-secondary" onClick={() => setOpen(true)}>
        {t('cancel.button')}
      </button>
      <Modal open={open} onClose={close} title={t('cancel.title')}>
        <p>{t('cancel.body')}</p>
        {cancel.isError && (
          <p className="form-error" role="alert">
            {messageOf(cancel.error, t)}
          </p>
        )}
        <div className="order-cancel-actions">
          <button type="button" className="button button-secondary" onClick={close} data-autofocus>
            {t('cancel.keep')}
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(undefined, { onSuccess: () => setOpen(false) })}
          >
            {cancel.isPending ? t('cancel.pending') : t('cancel.confirm')}
          </button>
        </div>
      </Modal>
    </>
  );
}
