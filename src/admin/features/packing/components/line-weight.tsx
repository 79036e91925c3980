import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '#shared/money';
import { formatWeight, gramsToHundredths, maxWeighedGrams, parseWeight } from '#shared/weight';
import { centsOf } from '#web/lib/money';
import { useLanguage } from '../../../lib/i18n';
import type { PackingLine } from '../api/packing';

type Weight = NonNullable<PackingLine['weight']>;

/** A weighed line's estimate, or what it weighed and costs once weighed. */
export function WeightSummary({ weight }: { weight: Weight }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (weight.weighed_grams !== null && weight.weighed_amount !== null) {
    return (
      <span className="packing-weight is-weighed">
        {t('packing.weight.weighed', {
          weight: formatWeight(weight.weighed_grams, weight.unit, language),
          amount: formatCents(centsOf(weight.weighed_amount)),
        })}
      </span>
    );
  }
  return (
    <span className="packing-weight">
      {t('packing.weight.estimate', { weight: formatWeight(weight.estimate_grams, weight.unit, language) })}
    </span>
  );
}

/**
 * The weight field of a weighed line (docs/product.md, Sold by weight): the packer types what the
 * scale says in the line's unit, and the line is marked picked with it. Large, for a phone in one hand.
 */
export function WeightForm({
  name,
  weight,
  pending,
  onWeigh,
}: {
  /** The product's name in the staff member's language. */
  name: string;
  weight: Weight;
  pending: boolean;
  onWeigh: (grams: number) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const [problem, setProblem] = useState('');
  const unitLabel = t(`packing.weight.unit.${weight.unit}`);
  return (
    <form
      className="packing-form packing-weigh"
      onSubmit={(event) => {
        event.preventDefault();
        const grams = parseWeight(String(new FormData(event.currentTarget).get('weight') ?? ''), weight.unit);
        const max = maxWeighedGrams(weight.estimate_grams);
        if (grams === undefined || grams > max) {
          setProblem(t('packing.weight.bad', { max: formatWeight(max, weight.unit, language) }));
          return;
        }
        setProblem('');
        onWeigh(grams);
      }}
    >
      <label htmlFor={`${id}-w`}>{t('packing.weight.label', { unit: unitLabel })}</label>
      <input
        id={`${id}-w`}
        name="weight"
        className="packing-weight-input"
        inputMode="decimal"
        autoComplete="off"
        placeholder={String(gramsToHundredths(weight.estimate_grams, weight.unit) / 100)}
        aria-describedby={problem ? `${id}-p` : undefined}
        required
      />
      <button
        type="submit"
        className="button button-primary"
        disabled={pending}
        aria-label={t('packing.weight.saveLine', { name })}
      >
        {t('packing.weight.save')}
      </button>
      {problem ? (
        <p id={`${id}-p`} className="form-error" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
