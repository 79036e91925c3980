import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ADDRESS_FIELD_MAX,
  ADDRESS_FIELDS,
  ADDRESS_FIELDS_ZH,
  addressProblem,
} from '#shared/schemas/address.rules';
import type { Address } from '#shared/schemas/address.zod';
import { messageOf } from '#web/lib/api-client';
import { useLanguage } from '#web/lib/i18n';
import './form.css';
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
}

/** The address form of docs/product.md §5: every field required, checked with the shared addressProblem. */
export function AddressForm({ address, first = false, onSaved }: AddressFormProps) {
  const { t } = useTranslation('address');
  const id = useId();
  // Chinese asks the surname first, as Chinese names are written.
  const fields = useLanguage() === 'zh' ? ADDRESS_FIELDS_ZH : ADDRESS_FIELDS;
  const [values, setValues] = useState<AddressValues>(() => ({
    ...valuesOf(address),
    ...(first ? { default_status: true } : {}),
  }));
  const [problem, setProblem] = useState<string>();
  const save = useSaveAddress();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = addressProblem(values, fields);
    setProblem(found ? t(`problem.${found}`) : undefined);
    if (found) {
      const field = found.startsWith('required.') ? found.slice(9) : found === 'zipInvalid' ? 'zip' : 'phone';
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
        {fields.map((field) => (
          <label key={field} className="field" htmlFor={`${id}-${field}`}>
            <span className="field-label">{t(`field.${field}`)}</span>
            <input
              id={`${id}-${field}`}
              name={field}
              className="input"
              required
              aria-required="true"
              maxLength={ADDRESS_FIELD_MAX}
              value={values[field]}
              type={field === 'phone' ? 'tel' : 'text'}
              placeholder={field === 'phone' ? 'xxx-xxx-xxxx' : undefined}
              autoComplete={AUTOCOMPLETE[field]}
              onChange={(event) => setValues((v) => ({ ...v, [field]: event.target.value }))}
            />
          </label>
        ))}
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
