import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import type { WalletVendorName } from '#shared/schemas/payment.rules';
import { usePaymentOutcome } from '#web/api/payment';
import { messageOf } from '#web/lib/api-client';
import { walletOutcomeView } from '../payment-outcome';
import { NotPayable } from './not-payable';

/** How long the page waits for the wallet, asking again, before it says that this is taking long. */
export const WALLET_SLOW_MS = 30_000;

interface WalletOutcomeProps {
  orderNo: string;
  /** Starts the same wallet again ("Try again"). */
  onTryAgain: (vendor: Exclude<WalletVendorName, 'creditcard'>) => void;
  /** The wallet could not be started again: why. */
  tryMessage?: string;
  trying: boolean;
  slowAfterMs?: number;
}

/**
 * Back from the wallet's page: asks the shop how the payment went and says so. Paid goes to the
 * order's confirmation; failed says why, with "Try again" and "Choose another method"; no word yet
 * waits with a spinner, asking again, and after `slowAfterMs` says it is taking long and what to do.
 */
export function WalletOutcome({
  orderNo,
  onTryAgain,
  tryMessage,
  trying,
  slowAfterMs = WALLET_SLOW_MS,
}: WalletOutcomeProps) {
  const { t } = useTranslation('pay');
  const [slow, setSlow] = useState(false);
  const outcome = usePaymentOutcome(orderNo, !slow);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), slowAfterMs);
    return () => clearTimeout(timer);
  }, [slowAfterMs]);

  const chooseAnother = (
    <Link to={`/pay/${orderNo}`} replace className="button button-secondary">
      {t('chooseAnother')}
    </Link>
  );
  const paidAlready = (
    <button
      type="button"
      className="button button-primary"
      disabled={outcome.isFetching}
      onClick={() => void outcome.refetch()}
    >
      {t('paidAlready')}
    </button>
  );

  if (outcome.isPending) {
    return (
      <section className="panel wallet-return" aria-busy="true">
        <p className="wallet-waiting" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('checking')}
        </p>
      </section>
    );
  }
  if (outcome.isError) {
    return (
      <section className="panel wallet-return">
        <p className="form-error" role="alert">
          {messageOf(outcome.error, t)}
        </p>
        <div className="modal-actions">
          {paidAlready}
          {chooseAnother}
        </div>
      </section>
    );
  }

  const answer = outcome.data;
  const view = walletOutcomeView(answer);
  if (view === 'paid') return <Navigate to={`/order/${orderNo}/confirmation`} replace />;
  if (view === 'none') return <Navigate to={`/pay/${orderNo}`} replace />;
  const vendor = answer.attempt?.vendor === 'alipay' ? 'alipay' : 'wechatpay';
  const wallet = t(`methods.${vendor}`);

  if (view === 'closed') return <NotPayable orderNo={orderNo} />;
  if (view === 'failed') {
    return (
      <section className="panel wallet-return" aria-labelledby="wallet-outcome-title">
        <h2 id="wallet-outcome-title">{t('walletFailedTitle')}</h2>
        <p className="form-error" role="alert">
          {tryMessage ?? answer.attempt?.message}
        </p>
        <div className="modal-actions">
          <button
            type="button"
            className="button button-primary"
            disabled={trying}
            onClick={() => onTryAgain(vendor)}
          >
            {t('tryAgain')}
          </button>
          {chooseAnother}
        </div>
      </section>
    );
  }
  return (
    <section className="panel wallet-return" aria-labelledby="wallet-outcome-title">
      <h2 id="wallet-outcome-title">{slow ? t('slowTitle') : t('waitingTitle', { wallet })}</h2>
      <p className="wallet-waiting" role="status">
        {!slow && <span className="spinner" aria-hidden="true" />}
        {slow ? t('slowText', { wallet }) : t('walletHint')}
      </p>
      <div className="modal-actions">
        {paidAlready}
        {slow && chooseAnother}
        <Link to="/home" className="button button-secondary">
          {t('cancel')}
        </Link>
      </div>
    </section>
  );
}
