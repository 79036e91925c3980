import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ORDER_STATUS } from '#shared/schemas/order.rules';
import type { CardPaymentResult } from '#shared/schemas/payment';
import { useOrder } from '#web/api/order';
import { useCardPay, useWalletPay } from '#web/api/payment';
import { Modal } from '#web/components/ui/modal';
import { OrderStatus } from '#web/components/ui/order-status';
import { ErrorState } from '#web/components/ui/states';
import { TitlePage } from '#web/components/ui/title-page';
import { messageOf } from '#web/lib/api-client';
import { formatAmount } from '#web/lib/money';
import { CardPayModal } from '../components/card-pay-modal';
import { WalletReturn } from '../components/wallet-return';
import '#web/components/ui/form.css';
import '#web/components/ui/panels.css';
import '../payment.css';

const METHODS = ['creditcard', 'wechatpay', 'alipay'] as const;
type Method = (typeof METHODS)[number];

/** Paying an order (/pay/{no}): the amount, a method, Pay Now (docs/product.md §2 Pay). */
export function PayPage() {
  const { t } = useTranslation(['pay', 'orders']);
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const order = useOrder(id);
  const cardPay = useCardPay(id);
  const walletPay = useWalletPay(id);
  const [method, setMethod] = useState<Method>('creditcard');
  const [cardOpen, setCardOpen] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [walletMessage, setWalletMessage] = useState<string>();
  const returned = search.get('returned') === '1' || walletMessage !== undefined;

  const onResult = (result: CardPaymentResult) => {
    if (result.status === 2) {
      navigate('/profile/orders');
      return;
    }
    setCardOpen(false);
    setFailure(result.message.message.map((m) => m.text).join(' ') || t('failedText'));
  };
  const onFailure = (error: unknown) => {
    setCardOpen(false);
    setFailure(messageOf(error, t));
  };

  const payNow = () => {
    if (method === 'creditcard') {
      setCardOpen(true);
      return;
    }
    walletPay.mutate(method, {
      onSuccess: (answer) => {
        if ('url' in answer) window.location.assign(answer.url);
        else setWalletMessage(answer.ret_msg);
      },
      onError: (error) => setWalletMessage(messageOf(error, t)),
    });
  };

  return (
    <TitlePage title={t('title', { id })} backTo="/profile/orders">
      <div className="pay">
        {order.isPending && <p className="page-loading">{t('common:loading')}</p>}
        {order.isError && <ErrorState error={order.error} onRetry={() => void order.refetch()} />}
        {order.isSuccess && (
          <>
            <section className="pay-amount" aria-label={t('amount')}>
              <span>{t('amount')}</span>
              <strong>{formatAmount(order.data.total_price)}</strong>
              <OrderStatus status={order.data.status} />
            </section>
            {returned ? (
              <WalletReturn orderNo={id} message={walletMessage} />
            ) : order.data.status !== ORDER_STATUS.pending ? (
              <section className="panel wallet-return">
                <p>{t('notPayable')}</p>
                <Link to={`/order/${id}`} className="button button-primary">
                  {t('viewOrder')}
                </Link>
              </section>
            ) : (
              <section className="panel pay-methods" aria-labelledby="pay-methods-title">
                <h2 id="pay-methods-title" className="order-section-title">
                  {t('method')}
                </h2>
                <fieldset className="address-choices">
                  <legend className="visually-hidden">{t('method')}</legend>
                  {METHODS.map((m) => (
                    <label key={m} className="address-choice pay-method">
                      <input
                        type="radio"
                        name="method"
                        checked={method === m}
                        onChange={() => setMethod(m)}
                      />
                      <span className={`pay-logo pay-logo-${m}`} aria-hidden="true" />
                      <span className="address-who">{t(`methods.${m}`)}</span>
                    </label>
                  ))}
                </fieldset>
                <button
                  type="button"
                  className="button button-primary form-submit"
                  disabled={walletPay.isPending}
                  onClick={payNow}
                >
                  {t('payNow')}
                </button>
              </section>
            )}
          </>
        )}
      </div>
      <CardPayModal
        open={cardOpen}
        onClose={() => setCardOpen(false)}
        pay={cardPay}
        onResult={onResult}
        onFailure={onFailure}
      />
      <Modal open={failure !== undefined} onClose={() => setFailure(undefined)} title={t('failedTitle')}>
        <p className="form-error" role="alert">
          {failure}
        </p>
        <p>{t('failedText')}</p>
        <div className="modal-actions">
          <button type="button" className="button button-primary" onClick={() => setFailure(undefined)}>
            {t('tryAgain')}
          </button>
        </div>
      </Modal>
    </TitlePage>
  );
}
