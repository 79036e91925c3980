import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cardFormProblem, securityCodeProblem } from '#shared/schemas/card.rules';
import type { CardPaymentResult } from '#shared/schemas/payment';
import { BILLING_FIELDS, type BillingField } from '#shared/schemas/payment.rules';
import { useSavedCards } from '#web/api/card';
import type { useCardPay } from '#web/api/payment';
import {
  BillingFields,
  CARD_PROBLEM_FIELD,
  CardFields,
  type CardValues,
  EMPTY_BILLING,
  EMPTY_CARD,
} from '#web/components/ui/card-fields';
import { Modal } from '#web/components/ui/modal';

interface CardPayModalProps {
  open: boolean;
  onClose: () => void;
  pay: ReturnType<typeof useCardPay>;
  onResult: (result: CardPaymentResult) => void;
  onFailure: (error: unknown) => void;
}

/** The card modal: pay with a saved card and its code, enter a new card, or go manage cards. */
export function CardPayModal({ open, onClose, pay, onResult, onFailure }: CardPayModalProps) {
  const { t } = useTranslation('pay');
  const cards = useSavedCards(open);
  const [entering, setEntering] = useState(false);
  const [chosen, setChosen] = useState<string>();
  const [savedCode, setSavedCode] = useState('');
  const [card, setCard] = useState(EMPTY_CARD);
  const [billing, setBilling] = useState(EMPTY_BILLING);
  const [problem, setProblem] = useState<{ key: string; field?: string }>();
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    // Each Pay Now starts at the choice (saved cards, a new card, manage); typed values stay.
    setWasOpen(open);
    if (open) {
      setEntering(false);
      setProblem(undefined);
    }
  }
  const handlers = { onSuccess: onResult, onError: onFailure };

  const payNew = (event: FormEvent) => {
    event.preventDefault();
    const cardProblem =
      cardFormProblem({ holderName: card.holderName, number: card.number, expiry: card.expiry }) ??
      securityCodeProblem(card.code);
    if (cardProblem)
      return setProblem({ key: `problem.${cardProblem}`, field: CARD_PROBLEM_FIELD[cardProblem] });
    const missing = BILLING_FIELDS.find((f: BillingField) => billing[f].trim() === '');
    if (missing) return setProblem({ key: `problem.billing.${missing}`, field: missing });
    setProblem(undefined);
    pay.mutate({ number: card.number, date: card.expiry, code: card.code, billing }, handlers);
  };

  const paySaved = (event: FormEvent) => {
    event.preventDefault();
    const cardUuid = chosen ?? cards.data?.[0]?.uuid;
    if (!cardUuid) return;
    const found = securityCodeProblem(savedCode);
    if (found) return setProblem({ key: `problem.${found}`, field: 'savedCode' });
    setProblem(undefined);
    pay.mutate({ cardUuid, code: savedCode }, handlers);
  };

  const error = problem && (
    <p className="form-error" role="alert">
      {t(problem.key)}
    </p>
  );

  return (
    <Modal open={open} onClose={onClose} title={entering ? t('enterCard') : t('payByCard')}>
      {entering ? (
        <form onSubmit={payNew} noValidate className="card-form">
          <CardFields values={card} onChange={setCard} invalid={problem?.field as keyof CardValues} />
          <BillingFields values={billing} onChange={setBilling} invalid={problem?.field as BillingField} />
          {error}
          <button type="submit" className="button button-primary form-submit" disabled={pay.isPending}>
            {t('payNow')}
          </button>
        </form>
      ) : (
        <>
          {cards.data && cards.data.length > 0 && (
            <form onSubmit={paySaved} noValidate className="saved-cards">
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
              <button type="submit" className="button button-primary form-submit" disabled={pay.isPending}>
                {t('payWithSaved')}
              </button>
            </form>
          )}
          <div className="modal-actions">
            <button
              type="button"
              className="button button-primary"
              onClick={() => {
                setProblem(undefined);
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
