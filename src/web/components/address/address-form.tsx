import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ADDRESS_FIELD_MAX,
  ADDRESS_FIELDS,
  ADDRESS_FIELDS_ZH,
  type AddressField,
  type AddressProblem,
  addressProblems,
  INSTRUCTIONS_MAX,
} from '#shared/schemas/address.rules';
import type { Address } from '#shared/schemas/address.zod';
import { messageOf } from '#web/lib/api-client';
import { useLanguage } from '#web/lib/i18n';
import '../ui/form.css';
import { type AddressValues, useSaveAddress } from '#web/api/address';

const EMPTY: AddressValues = {
  name: '',
  surname: '',
  phone: '',
  address: '',
  area: '',
  city: '',
  province: '',
  zip: '',
  instructions: '',
  default_status: false,
};

function valuesOf(address?: Address): AddressValues {
  if (!address) return EMPTY;
  const { uuid: _uuid, default_status, ...rest } = address;
  return { ...rest, default_status: default_status === 1 };
}

interface AddressFormProps {
  address?: Address;
  /** The first address is always the default. */
  first?: boolean;
  onSaved: (address: Address) => void;
  /** Moves focus to the first field when the form appears inside an already open dialog. */
  focusFirst?: boolean;
}

/**
 * The address form of docs/product.md §5: every field required but the second line, then optional
 * delivery instructions, checked with the shared addressProblems; each field's message under it (aria-describedby, aria-invalid), the server's
 * message at the bottom.
 */
export function AddressForm({ address, first = false, onSaved, focusFirst = false }: AddressFormProps) {
  const { t } = useTranslation('address');
  const id = useId();
  // Chinese asks the surname first, as Chinese names are written.
  const fields = useLanguage() === 'zh' ? ADDRESS_FIELDS_ZH : ADDRESS_FIELDS;
  const [values, setValues] = useState<AddressValues>(() => ({
    ...valuesOf(address),
    ...(first ? { default_status: true } : {}),
  }));
  const [problem, setProblem] = useState<string>();
  /** Each field's problem; checked as the shopper types once a save has been tried. */
  const [problems, setProblems] = useState<Partial<Record<AddressField | 'instructions', AddressProblem>>>();
  const save = useSaveAddress();
  const firstField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusFirst) firstField.current?.focus();
  }, [focusFirst]);

  const change = (field: AddressField | 'instructions', value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (problems) setProblems(addressProblems(next));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = addressProblems(values);
    setProblems(found);
    setProblem(undefined);
    const field = [...fields, 'instructions' as const].find((f) => found[f]);
    if (field) {
      document.getElementById(`${id}-${field}`)?.focus();
      return;
    }
    save.mutate(
      { uuid: address?.uuid, values },
      {
        onSuccess: (saved) => onSaved(saved),
        onError: (error) => setProblem(messageOf(error, t)),
      },
    );
  };

  return (
    <form className="address-form" onSubmit={submit} noValidate>
      <div className="form-grid">
        {fields.map((field, index) => {
          const inputId = `${id}-${field}`;
          const fieldProblem = problems?.[field];
          const optional = field === 'area';
          return (
            <div key={field} className="field">
              <label className="field-label" htmlFor={inputId}>
                {t(`field.${field}`)}
              </label>
              <input
                ref={index === 0 ? firstField : undefined}
                data-autofocus={focusFirst && index === 0 ? '' : undefined}
                id={inputId}
                name={field}
                className="input"
                required={!optional}
                aria-required={optional ? undefined : 'true'}
                aria-invalid={fieldProblem ? true : undefined}
                aria-describedby={fieldProblem ? `${inputId}-problem` : undefined}
                maxLength={ADDRESS_FIELD_MAX}
                value={values[field]}
                type={field === 'phone' ? 'tel' : 'text'}
                inputMode={field === 'zip' ? 'numeric' : undefined}
                placeholder={field === 'phone' ? 'xxx-xxx-xxxx' : undefined}
                autoComplete={AUTOCOMPLETE[field]}
                onChange={(event) => change(field, event.target.value)}
              />
              {fieldProblem && (
                <p id={`${inputId}-problem`} className="field-problem">
                  {t(`problem.${fieldProblem}`)}
                </p>
              )}
            </div>
          );
        })}
        <div className="field field-wide">
          <label className="field-label" htmlFor={`${id}-instructions`}>
            {t('field.instructions')}
          </label>
          <textarea
            id={`${id}-instructions`}
            name="instructions"
            className="input"
            rows={2}
            maxLength={INSTRUCTIONS_MAX}
            placeholder={t('instructionsExample')}
            aria-invalid={problems?.instructions ? true : undefined}
            aria-describedby={problems?.instructions ? `${id}-instructions-problem` : undefined}
            value={values.instructions}
            onChange={(event) => change('instructions', event.target.value)}
          />
          {problems?.instructions && (
            <p id={`${id}-instructions-problem`} className="field-problem">
              {t(`problem.${problems.instructions}`)}
            </p>
          )}
        </div>
      </div>
      <label className="switch-row">
        <input
          type="checkbox"
          role="switch"
          aria-checked={values.default_status}
          checked={values.default_status}
          disabled={first}
          onChange={(event) => setValues((v) => ({ ...v, default_status: event.target.checked }))}
        />
        <span>{t('default')}</span>
      </label>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="button button-primary form-submit" disabled={save.isPending}>
        {t('save')}
      </button>
    </form>
  );
}

const AUTOCOMPLETE: Record<(typeof ADDRESS_FIELDS)[number], string> = {
  name: 'given-name',
  surname: 'family-name',
  phone: 'tel',
  address: 'address-line1',
  area: 'address-line2',
  city: 'address-level2',
  province: 'address-level1',
  zip: 'postal-code',
};
