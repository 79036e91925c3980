import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { usePaymentCheck } from '#web/api/payment';
import { messageOf } from '#web/lib/api-client';

/** After the wallet's page: 'Paid Already' asks the gateway and goes to the orders; Cancel goes home. */
export function WalletReturn({ orderNo, message }: { orderNo: string; message?: string }) {
  const { t } = useTranslation('pay');
  const navigate = useNavigate();
  const check = usePaymentCheck(orderNo);
  return (
    <section className="panel wallet-return" aria-labelledby="wallet-return-title">
      <h2 id="wallet-return-title">{t('walletTitle')}</h2>
      <p>{t('walletHint')}</p>
      {message && (
        <p className="form-error" role="alert">
          {message}
        </p>
      )}
      {check.isError && (
        <p className="form-error" role="alert">
          {messageOf(check.error, t)}
        </p>
      )}
      <div className="modal-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={check.isPending}
          onClick={() => check.mutate(undefined, { onSuccess: () => navigate('/profile/orders') })}
        >
          {t('paidAlready')}
        </button>
        <Link to="/home" className="button button-secondary">
          {t('cancel')}
        </Link>
      </div>
    </section>
  );
}
