import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { formatCents } from '#shared/money';
import { ORDER_STATUS } from '#shared/schemas/order.rules';
import type { WalletVendorName } from '#shared/schemas/payment.rules';
import { useOrder } from '#web/api/order';
import { useCardPay, useWalletPay } from '#web/api/payment';
import { OrderStatus } from '#web/components/order/order-status';
import { OrderSummary } from '#web/components/order/order-summary';
import { ErrorState } from '#web/components/ui/states';
import { TitlePage } from '#web/components/ui/title-page';
import { messageOf } from '#web/lib/api-client';
import { centsOf } from '#web/lib/money';
import { useOnline } from '#web/lib/online';
import { CardPayModal } from '../components/card-pay-modal';
import { NotPayable } from '../components/not-payable';
import { minutesAndSeconds, useSecondsLeft } from '../components/time-left';
import { WalletOutcome } from '../components/wallet-outcome';
import '#web/components/ui/form.css';
import '#web/components/ui/panels.css';
import '../payment.css';
import { Loading } from '#web/components/ui/loading';

const METHODS = ['creditcard', 'wechatpay', 'alipay'] as const;
type Method = (typeof METHODS)[number];
type Wallet = Exclude<WalletVendorName, 'creditcard'>;

/**
 * Paying an order (/pay/{no}): the amount, a method, Pay Now, and what the order holds
 * (docs/product.md §2 Pay). Back from a wallet (`?returned=1`) it says how the payment went; a paid
 * order goes to its confirmation.
 */
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
  const [walletMessage, setWalletMessage] = useState<string>();
  const returned = search.get('returned') === '1';
  const confirmation = `/order/${id}/confirmation`;

  const startWallet = (vendor: Wallet) => {
    setWalletMessage(undefined);
    walletPay.mutate(vendor, {
      onSuccess: (answer) => {
        if ('url' in answer) window.location.assign(answer.url);
        else setWalletMessage(answer.ret_msg);
      },
      onError: (error) => setWalletMessage(messageOf(error, t)),
    });
  };
  // Offline nothing can be paid: Pay Now says so (until the connection is back) instead of
  // opening a modal or a wallet call that cannot go out.
  const online = useOnline();
  const [triedOffline, setTriedOffline] = useState(false);
  if (online && triedOffline) setTriedOffline(false);
  const payNow = () => {
    if (!navigator.onLine) return setTriedOffline(true);
    if (method === 'creditcard') setCardOpen(true);
    else startWallet(method);
  };
  const payMessage = triedOffline ? t('common:offline.cannotPay') : walletMessage;

  const data = order.data;
  const pending = data?.status === ORDER_STATUS.pending;
  const paying = cardPay.isPending || walletPay.isPending;
  const secondsLeft = useSecondsLeft(data?.expires_at ?? new Date(0).toISOString());
  const timeUp = pending && secondsLeft === 0;
  const timeLeft = minutesAndSeconds(secondsLeft);
  // Run out: read the order again, which the server has expired by now (NotPayable shows).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the moment it runs out
  useEffect(() => {
    if (timeUp) void order.refetch();
  }, [timeUp]);
  return (
    <TitlePage title={t('title', { id })} backTo="/profile/orders">
      <div className="pay">
        {order.isPending && <Loading />}
        {order.isError && <ErrorState error={order.error} onRetry={() => void order.refetch()} />}
        {data?.status === ORDER_STATUS.processing && <Navigate to={confirmation} replace />}
        {data && (
          <>
            <section className="pay-amount" aria-label={pending ? t('amount') : t('orders:total')}>
              <span>{pending ? t('amount') : t('orders:total')}</span>
              <strong>{formatCents(centsOf(data.total_price))}</strong>
              <OrderStatus status={data.status} />
              {pending && (
                <p className="pay-time-left" role="timer">
                  {timeUp ? t('timeUp') : t('timeLeft', { time: timeLeft })}
                </p>
              )}
            </section>
            {pending && returned ? (
              <WalletOutcome
                orderNo={id}
                onTryAgain={startWallet}
                tryMessage={walletMessage}
                trying={walletPay.isPending}
              />
            ) : !pending ? (
              <NotPayable orderNo={id} />
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
                {data.hold && (
                  <p className="pay-hold" data-testid="pay-hold">
                    {t(method === 'creditcard' ? 'hold.card' : 'hold.wallet', {
                      estimate: formatCents(centsOf(data.total_price)),
                      held: formatCents(centsOf(data.hold.amount)),
                      percent: data.hold.buffer_percent,
                    })}
                  </p>
                )}
                {payMessage && (
                  <p className="form-error" role="alert">
                    {payMessage}
                  </p>
                )}
                <div className="pay-now-row">
                  <button
                    type="button"
                    className="button button-primary form-submit"
                    disabled={paying || timeUp}
                    aria-busy={paying}
                    aria-describedby="pay-now-time-left"
                    onClick={payNow}
                  >
                    {paying ? t('paying') : t('payNow')}
                  </button>
                  <span id="pay-now-time-left" className="pay-now-time-left">
                    {timeUp ? t('timeUp') : t('timeLeftShort', { time: timeLeft })}
                  </span>
                </div>
              </section>
            )}
            <section className="pay-summary" aria-labelledby="pay-summary-title">
              <h2 id="pay-summary-title">{t('summary')}</h2>
              <OrderSummary order={data} />
            </section>
          </>
        )}
      </div>
      {data && (
        <CardPayModal
          open={cardOpen}
          onClose={() => setCardOpen(false)}
          pay={cardPay}
          shipping={data.address}
          onPaid={() => navigate(confirmation, { replace: true })}
        />
      )}
    </TitlePage>
  );
}
