import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Address } from '#shared/schemas/address';
import { cardFormProblem, securityCodeProblem } from '#shared/schemas/card.rules';
import type { CardPaymentResult } from '#shared/schemas/payment';
import type { BillingField } from '#shared/schemas/payment.rules';
import { useSavedCards } from '#web/api/card';
import type { useCardPay } from '#web/api/payment';
import {
  BillingFields,
  billingFieldsIn,
  billingFromShipping,
  CARD_PROBLEM_FIELD,
  CardFields,
  type CardValues,
  EMPTY_BILLING,
  EMPTY_CARD,
} from '#web/components/payment/card-fields';
import { Modal } from '#web/components/ui/modal';
import { addressLines } from '#web/lib/address-lines';
import { messageOf } from '#web/lib/api-client';
import { useLanguage } from '#web/lib/i18n';

interface CardPayModalProps {
  open: boolean;
  onClose: () => void;
  pay: ReturnType<typeof useCardPay>;
  /** The order's shipping address, for "Billing address same as shipping". */
  shipping: Omit<Address, 'uuid' | 'default_status'>;
  onPaid: () => void;
}

/**
 * The card modal: pay with a saved card and its code, enter a new card, or go manage cards. A
 * refused payment stays in the form it came from, everything kept but the security code, with the
 * reason shown above the button (docs/product.md §8 Payment Failed).
 */
export function CardPayModal({ open, onClose, pay, shipping, onPaid }: CardPayModalProps) {
  const { t } = useTranslation('pay');
  const language = useLanguage();
  const cards = useSavedCards(open);
  const form = useRef<HTMLFormElement>(null);
  const [entering, setEntering] = useState(false);
  const [chosen, setChosen] = useState<string>();
  const [savedCode, setSavedCode] = useState('');
  const [card, setCard] = useState(EMPTY_CARD);
  const [sameAsShipping, setSameAsShipping] = useState(true);
  const [billing, setBilling] = useState(EMPTY_BILLING);
  const [problem, setProblem] = useState<{ key: string; field?: string }>();
  const [failure, setFailure] = useState<string>();
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    // Each Pay Now starts at the choice (saved cards, a new card, manage); typed values stay.
    setWasOpen(open);
    if (open) {
      setEntering(false);
      setProblem(undefined);
      setFailure(undefined);
    }
  }

  // 'Enter Card Information and Pay' leaves with the form it opens: the focus goes to the card
  // number, where the shopper types next, not to the page behind.
  useEffect(() => {
    if (entering) form.current?.querySelector<HTMLInputElement>('input[autocomplete="cc-number"]')?.focus();
  }, [entering]);

  /** Refused: the form stays as typed but for the security code, which is asked again. */
  const refused = (reason: string) => {
    setFailure(reason);
    setCard((typed) => ({ ...typed, code: '' }));
    setSavedCode('');
    form.current?.querySelector<HTMLInputElement>('input[autocomplete="cc-csc"]')?.focus();
  };
  const handlers = {
    onSuccess: (result: CardPaymentResult) => {
      if (result.status === 2) return onPaid();
      refused(result.message.message.map((m) => m.text).join(' ') || t('failedText'));
    },
    onError: (error: unknown) => refused(messageOf(error, t)),
  };
  const check = (found: { key: string; field?: string } | undefined) => {
    setProblem(found);
    if (found) setFailure(undefined);
    return found === undefined;
  };

  const payNew = (event: FormEvent) => {
    event.preventDefault();
    // One payment at a time: Enter in a field while one is on its way sends nothing more.
    if (pay.isPending) return;
    const cardProblem =
      cardFormProblem({ holderName: card.holderName, number: card.number, expiry: card.expiry }) ??
      securityCodeProblem(card.code);
    if (cardProblem) return check({ key: `problem.${cardProblem}`, field: CARD_PROBLEM_FIELD[cardProblem] });
    const address = sameAsShipping ? billingFromShipping(shipping) : billing;
    const missing = billingFieldsIn(language).find((f) => address[f].trim() === '');
    if (missing) return check({ key: `problem.billing.${missing}`, field: missing });
    if (!navigator.onLine) return check({ key: 'common:offline.cannotPay' });
    check(undefined);
    pay.mutate({ number: card.number, date: card.expiry, code: card.code, billing: address }, handlers);
  };

  const paySaved = (event: FormEvent) => {
    event.preventDefault();
    if (pay.isPending) return;
    const cardUuid = chosen ?? cards.data?.[0]?.uuid;
    if (!cardUuid) return;
    const found = securityCodeProblem(savedCode);
    if (!check(found ? { key: `problem.${found}`, field: 'savedCode' } : undefined)) return;
    if (!navigator.onLine) return check({ key: 'common:offline.cannotPay' });
    pay.mutate({ cardUuid, code: savedCode }, handlers);
  };

  const error = problem ? (
    <p className="form-error" role="alert">
      {t(problem.key)}
    </p>
  ) : (
    failure !== undefined && (
      <div className="pay-declined" role="alert">
        <strong>{t('failedTitle')}</strong>
        <p>{failure}</p>
        <p>{t('failedText')}</p>
      </div>
    )
  );

  return (
    <Modal open={open} onClose={onClose} title={entering ? t('enterCard') : t('payByCard')}>
      {entering ? (
        <form ref={form} onSubmit={payNew} noValidate className="card-form">
          <CardFields values={card} onChange={setCard} invalid={problem?.field as keyof CardValues} />
          <fieldset className="billing">
            <legend>{t('billing.title')}</legend>
            <label className="address-choice billing-same">
              <input
                type="checkbox"
                checked={sameAsShipping}
                onChange={(event) => setSameAsShipping(event.target.checked)}
              />
              <span>
                <span className="address-who">{t('sameAsShipping')}</span>
                {sameAsShipping &&
                  addressLines(shipping).map((line) => (
                    <span key={line} className="address-where">
                      {line}
                    </span>
                  ))}
              </span>
            </label>
            {!sameAsShipping && (
              <BillingFields
                values={billing}
                onChange={setBilling}
                invalid={problem?.field as BillingField}
              />
            )}
          </fieldset>
          {error}
          <PayButton pending={pay.isPending}>{t('payNow')}</PayButton>
        </form>
      ) : (
        <>
          {cards.data && cards.data.length > 0 && (
            <form ref={form} onSubmit={paySaved} noValidate className="saved-cards">
              <fieldset className="address-choices">
                <legend className="field-label">{t('savedCards')}</legend>
                {cards.data.map((saved) => (
                  <label key={saved.uuid} className="address-choice">
                    <input
                      type="radio"
                      name="card"
                      checked={(chosen ?? cards.data?.[0]?.uuid) === saved.uuid}
                      onChange={() => setChosen(saved.uuid)}
                    />
                    <span>
                      <span className="address-who">
                        {t(`brand.${saved.brand}`, { defaultValue: saved.brand })} {saved.card_no}
                      </span>
                      <span className="address-where">
                        {saved.name} · {saved.expiration_time}
                      </span>
                    </span>
                  </label>
                ))}
              </fieldset>
              <label className="field">
                <span className="field-label">{t('card.code')}</span>
                <input
                  className="input"
                  inputMode="numeric"
                  autoComplete="cc-csc"
                  maxLength={4}
                  aria-invalid={problem?.field === 'savedCode' ? true : undefined}
                  value={savedCode}
                  onChange={(event) => setSavedCode(event.target.value.replace(/\D/g, '').slice(0, 4))}
                />
              </label>
              {error}
              <PayButton pending={pay.isPending}>{t('payWithSaved')}</PayButton>
            </form>
          )}
          <div className="modal-actions">
            <button
              type="button"
              className="button button-primary"
              onClick={() => {
                setProblem(undefined);
                setFailure(undefined);
                setEntering(true);
              }}
            >
              {t('enterCard')}
            </button>
            <Link to="/profile/payments" className="button button-secondary">
              {t('manageCards')}
            </Link>
          </div>
        </>
      )}
    </Modal>
  );
}

/** A form's pay button: while the payment is on its way it says so and takes no second press. */
function PayButton({ pending, children }: { pending: boolean; children: string }) {
  const { t } = useTranslation('pay');
  return (
    <button
      type="submit"
      className="button button-primary form-submit"
      disabled={pending}
      aria-busy={pending}
    >
      {pending ? t('paying') : children}
    </button>
  );
}
