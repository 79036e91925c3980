import { type ChangeEvent, useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '#shared/constants';
import type { Address } from '#shared/schemas/address';
import { shownArea } from '#shared/schemas/address.rules';
import { HOLDER_NAME_MAX } from '#shared/schemas/card.rules';
import { BILLING_FIELD_MAX, BILLING_FIELDS, type BillingField } from '#shared/schemas/payment.rules';
import { useLanguage } from '#web/lib/i18n';
import '../ui/form.css';
import { groupCardNumber, reformatAsTyped, typeExpiry } from './typed-card-text';

export interface CardValues {
  number: string;
  holderName: string;
  expiry: string;
  code: string;
}

/** Which field each card problem (see cardFormProblem, securityCodeProblem) is about, to mark and focus it. */
export const CARD_PROBLEM_FIELD: Record<string, keyof CardValues> = {
  holderRequired: 'holderName',
  holderInvalid: 'holderName',
  numberRequired: 'number',
  numberInvalid: 'number',
  expiryRequired: 'expiry',
  expiryInvalid: 'expiry',
  codeRequired: 'code',
  codeInvalid: 'code',
};

export const EMPTY_CARD: CardValues = { number: '', holderName: '', expiry: '', code: '' };
export const EMPTY_BILLING: Record<BillingField, string> = {
  firstName: '',
  lastName: '',
  address: '',
  city: '',
  state: '',
  zip: '',
};

interface CardFieldsProps {
  values: CardValues;
  onChange: (values: CardValues) => void;
  /** Which field has the current problem, to mark it invalid. */
  invalid?: keyof CardValues;
}

/** Card number (grouped in fours as typed), holder name, expiry (MM/YY as typed) and security code. */
export function CardFields({ values, onChange, invalid }: CardFieldsProps) {
  const { t } = useTranslation('pay');
  const id = useId();
  /** Where the caret of a reformatted field goes once React has written the new value. */
  const caret = useRef<{ input: HTMLInputElement; position: number }>(undefined);
  useLayoutEffect(() => {
    const pending = caret.current;
    caret.current = undefined;
    if (pending && document.activeElement === pending.input)
      pending.input.setSelectionRange(pending.position, pending.position);
  });
  const change = (
    name: keyof CardValues,
    format: ((text: string, previous: string) => string) | undefined,
    event: ChangeEvent<HTMLInputElement>,
  ) => {
    const input = event.target;
    if (!format) return onChange({ ...values, [name]: input.value });
    const { value, caret: position } = reformatAsTyped(
      {
        text: input.value,
        caret: input.selectionStart ?? input.value.length,
        previous: values[name],
        inputType: (event.nativeEvent as InputEvent).inputType,
      },
      format,
    );
    caret.current = { input, position };
    onChange({ ...values, [name]: value });
  };
  const field = (
    name: keyof CardValues,
    props: React.InputHTMLAttributes<HTMLInputElement>,
    format?: (text: string, previous: string) => string,
  ) => (
    <label
      className={`field${name === 'number' || name === 'holderName' ? ' field-wide' : ''}`}
      htmlFor={`${id}-${name}`}
    >
      <span className="field-label">{t(`card.${name}`)}</span>
      <input
        id={`${id}-${name}`}
        name={name}
        className="input"
        required
        aria-invalid={invalid === name ? true : undefined}
        value={values[name]}
        onChange={(event) => change(name, format, event)}
        {...props}
      />
    </label>
  );
  return (
    <div className="form-grid">
      {field(
        'number',
        { inputMode: 'numeric', autoComplete: 'cc-number', placeholder: '1234 5678 9012 3456' },
        groupCardNumber,
      )}
      {field('holderName', { autoComplete: 'cc-name', maxLength: HOLDER_NAME_MAX })}
      {field(
        'expiry',
        { inputMode: 'numeric', autoComplete: 'cc-exp', placeholder: 'MM/YY', maxLength: 5 },
        typeExpiry,
      )}
      {field('code', { inputMode: 'numeric', autoComplete: 'cc-csc', maxLength: 4 }, (text) =>
        text.replace(/\D/g, '').slice(0, 4),
      )}
    </div>
  );
}

/** The billing fields in the order the language asks them: Chinese asks the surname first. */
export function billingFieldsIn(language: Language): readonly BillingField[] {
  return language === 'zh' ? ['lastName', 'firstName', ...BILLING_FIELDS.slice(2)] : BILLING_FIELDS;
}

/** An order's shipping address as a billing address ("Billing address same as shipping"). */
export function billingFromShipping(
  a: Pick<Address, 'name' | 'surname' | 'address' | 'area' | 'city' | 'province' | 'zip'>,
): Record<BillingField, string> {
  const street = [a.address, shownArea(a.area)].filter((part) => part.trim() !== '').join(', ');
  return {
    firstName: a.name,
    lastName: a.surname,
    address: street.slice(0, BILLING_FIELD_MAX),
    city: a.city,
    state: a.province,
    zip: a.zip,
  };
}

interface BillingFieldsProps {
  values: Record<BillingField, string>;
  onChange: (values: Record<BillingField, string>) => void;
  invalid?: BillingField;
}

const BILLING_AUTOCOMPLETE: Record<BillingField, string> = {
  firstName: 'billing given-name',
  lastName: 'billing family-name',
  address: 'billing street-address',
  city: 'billing address-level2',
  state: 'billing address-level1',
  zip: 'billing postal-code',
};

/** The billing address of a card payment: all required, names in the language's order. */
export function BillingFields({ values, onChange, invalid }: BillingFieldsProps) {
  const { t } = useTranslation('pay');
  const id = useId();
  const language = useLanguage();
  return (
    <div className="form-grid">
      {billingFieldsIn(language).map((name) => (
        <label
          key={name}
          className={`field${name === 'address' ? ' field-wide' : ''}`}
          htmlFor={`${id}-${name}`}
        >
          <span className="field-label">{t(`billing.${name}`)}</span>
          <input
            id={`${id}-${name}`}
            name={`billing-${name}`}
            className="input"
            required
            maxLength={BILLING_FIELD_MAX}
            aria-invalid={invalid === name ? true : undefined}
            autoComplete={BILLING_AUTOCOMPLETE[name]}
            value={values[name]}
            onChange={(event) => onChange({ ...values, [name]: event.target.value })}
          />
        </label>
      ))}
    </div>
  );
}
