import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '#shared/money';
import type { SubstituteChoice as Choice } from '#shared/schemas/cart';
import { type ChoiceForm, useSubstitutes } from '#web/api/cart';
import { useLanguage } from '#web/lib/i18n';
import { nameOf } from '#web/lib/localized';
import { centsOf } from '#web/lib/money';
import './substitute-choice.css';

/** The three ways a shopper can answer "if it is out of stock" (docs/product.md, Substitutions). */
type Mode = 'refund' | 'best' | 'specific';

const modeOf = (c: ChoiceForm): Mode =>
  c.when_missing === 'refund' ? 'refund' : c.substitute ? 'specific' : 'best';

/** The form of a choice as the server answered it. */
export function choiceForm(
  choice: Choice | null | undefined,
  whenMissing: Choice['when_missing'],
): ChoiceForm {
  return {
    when_missing: choice?.when_missing ?? whenMissing,
    substitute: choice?.substitute?.uuid ?? '',
    ask_first: choice?.ask_first ?? false,
    fallback: choice?.fallback ?? false,
  };
}

/**
 * A line's substitution choice, compact: a select (don't replace / best match / a specific
 * product), the product picker listing same-category products with their prices, and "ask me
 * first". Used on the cart line and, until packing starts, on the order's line.
 */
export function SubstituteChoice({
  uuid,
  name,
  value,
  onChange,
  disabled = false,
}: {
  /** The line's product. */
  uuid: string;
  /** Its name, for screen readers. */
  name: string;
  value: ChoiceForm;
  onChange: (next: ChoiceForm) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('common');
  const language = useLanguage();
  // "This product…" opens the picker before a product is chosen: the choice is saved with the pick.
  const [picking, setPicking] = useState(false);
  const saved = modeOf(value);
  const mode: Mode = picking && saved !== 'specific' ? 'specific' : saved;
  const suggestions = useSubstitutes(uuid, mode === 'specific');
  const setMode = (next: Mode) => {
    setPicking(next === 'specific');
    if (next === 'refund') onChange({ ...value, when_missing: 'refund', substitute: '' });
    else if (next === 'best') onChange({ ...value, when_missing: 'replace', substitute: '' });
  };
  const pick = (product: string) => {
    setPicking(false);
    if (product) onChange({ ...value, when_missing: 'replace', substitute: product });
  };
  return (
    <fieldset className="substitute-choice" disabled={disabled}>
      <legend className="visually-hidden">{t('substitution.legend', { name })}</legend>
      <label className="substitute-choice-field">
        <span aria-hidden="true">{t('substitution.ifMissing')}</span>
        <select
          aria-label={t('substitution.legend', { name })}
          value={mode}
          onChange={(e) => setMode(e.target.value as Mode)}
        >
          <option value="refund">{t('substitution.refund')}</option>
          <option value="best">{t('substitution.best')}</option>
          <option value="specific">{t('substitution.specific')}</option>
        </select>
      </label>
      {mode === 'specific' && (
        <label className="substitute-choice-field">
          <select
            aria-label={t('substitution.product', { name })}
            value={value.substitute}
            onChange={(e) => pick(e.target.value)}
          >
            {value.substitute ? null : (
              <option value="">
                {suggestions.data?.length === 0 ? t('substitution.none') : t('substitution.choose')}
              </option>
            )}
            {(suggestions.data ?? []).map((p) => (
              <option key={p.uuid} value={p.uuid}>
                {nameOf(p, language)} · {formatCents(centsOf(p.price))}
              </option>
            ))}
          </select>
        </label>
      )}
      {mode !== 'refund' && (
        <label className="substitute-choice-check">
          <input
            type="checkbox"
            checked={value.ask_first}
            onChange={(e) => onChange({ ...value, ask_first: e.target.checked })}
          />
          <span>{t('substitution.askFirst')}</span>
        </label>
      )}
      {mode === 'specific' && (
        <label className="substitute-choice-check">
          <input
            type="checkbox"
            checked={value.fallback}
            onChange={(e) => onChange({ ...value, fallback: e.target.checked })}
          />
          <span>{t('substitution.fallback')}</span>
        </label>
      )}
    </fieldset>
  );
}
