import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zip5 } from '#shared/schemas/delivery.rules';
import { useDeliveryTerms, zipCheckQueryOptions } from '#web/api/delivery';
import { messageOf } from '#web/lib/api-client';

/**
 * "Do we deliver to you?": a visitor types a ZIP and is told, in their language, whether the shop
 * delivers there. Kept small, and placed at the end of home, below the first screen;
 * shown only when the shop has a delivery area (without one it delivers anywhere).
 */
export function DeliveryCheck() {
  const hasArea = useDeliveryTerms().data?.has_area === true;
  return hasArea ? <ZipForm /> : null;
}

function ZipForm() {
  const { t } = useTranslation('home');
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const [asked, setAsked] = useState<string>();
  const [invalid, setInvalid] = useState(false);
  const check = useQuery({ ...zipCheckQueryOptions(asked ?? ''), enabled: asked !== undefined });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const zip = zip5(typed);
    setInvalid(zip === undefined);
    setAsked(zip);
  };
  const answer = invalid
    ? t('deliveryCheck.invalid')
    : check.isError
      ? messageOf(check.error, t)
      : check.data
        ? t(check.data.delivers ? 'deliveryCheck.yes' : 'deliveryCheck.no', { zip: check.data.zip })
        : undefined;
  return (
    <section className="section delivery-check" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="section-title">
        {t('deliveryCheck.title')}
      </h2>
      <form className="delivery-check-form" onSubmit={submit}>
        <label className="visually-hidden" htmlFor={inputId}>
          {t('deliveryCheck.label')}
        </label>
        <input
          id={inputId}
          className="input"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
          placeholder={t('deliveryCheck.placeholder')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit" className="button button-secondary">
          {t('deliveryCheck.submit')}
        </button>
      </form>
      <p className="delivery-check-answer" role="status">
        {answer}
      </p>
    </section>
  );
}
