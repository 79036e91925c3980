import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BuyAgainAnswer } from '#shared/schemas/order';
import { useBuyAgain } from '#web/api/order';
import { messageOf } from '#web/lib/api-client';
import { useLanguage } from '#web/lib/i18n';
import { nameOf } from '#web/lib/localized';
import './buy-again.css';

/**
 * "Buy it again" (docs/product.md §6): one tap puts the order's available products back in the
 * cart at today's prices; a polite live region, always in the page, then says what was added,
 * what was cut to the stock or the per-order cap, and what can no longer be bought.
 */
export function BuyAgain({ orderNo, named = false }: { orderNo: string; named?: boolean }) {
  const { t } = useTranslation('orders');
  const again = useBuyAgain();
  return (
    <div className="buy-again">
      <button
        type="button"
        className="button button-secondary buy-again-button"
        onClick={() => again.mutate(orderNo)}
        disabled={again.isPending}
        // The name starts with what the button shows (WCAG 2.5.3): while adding, just that.
        aria-label={named && !again.isPending ? t('again.buttonNamed', { id: orderNo }) : undefined}
      >
        {again.isPending ? t('again.pending') : t('again.button')}
      </button>
      <div className="buy-again-result" aria-live="polite">
        {again.isSuccess && <AgainOutcome answer={again.data} />}
        {again.isError && (
          <p className="form-error" role="alert">
            {messageOf(again.error, t)}
          </p>
        )}
      </div>
    </div>
  );
}

function AgainOutcome({ answer }: { answer: BuyAgainAnswer }) {
  const { t } = useTranslation('orders');
  const language = useLanguage();
  const gone = answer.unavailable.map((p) => nameOf(p, language));
  return (
    <>
      <p className="buy-again-added">
        {answer.added.length > 0 ? t('again.added', { count: answer.added.length }) : t('again.nothing')}
      </p>
      {answer.added
        .filter((p) => p.capped)
        .map((p) => (
          <p key={p.uuid} className="buy-again-note">
            {t(p.by_stock ? 'again.cappedByStock' : 'again.cappedByOrder', {
              n: p.amount,
              name: nameOf(p, language),
            })}
          </p>
        ))}
      {gone.length > 0 && (
        <p className="buy-again-note">
          {t('again.unavailable', { names: gone.join(language === 'zh' ? '、' : ', ') })}
        </p>
      )}
      {answer.added.length > 0 && (
        <Link to="/cart" className="buy-again-cart">
          {t('again.viewCart')}
        </Link>
      )}
    </>
  );
}
