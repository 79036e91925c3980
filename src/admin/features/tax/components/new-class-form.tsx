import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field';
import { FormError } from '../../../components/ui/states';
import { type NewClassDraft, useAddClass } from '../api/tax';

const EMPTY: NewClassDraft = { code: '', en_name: '', zn_name: '', rate: '' };

/** Adds a tax class (e.g. "alcohol" at 9 %): its code, names in both languages and its own rate. */
export function NewClassForm() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<NewClassDraft>(EMPTY);
  const add = useAddClass();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(draft, { onSuccess: () => setDraft(EMPTY) });
  };
  const field = (key: keyof NewClassDraft) => ({
    value: draft[key],
    onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value }),
  });
  return (
    <form className="tax-area tax-area-form" onSubmit={submit} aria-label={t('tax.newClass')}>
      <h3>{t('tax.newClass')}</h3>
      <div className="tax-area-rates">
        <Field label={t('tax.fields.code')} maxLength={32} placeholder="alcohol" {...field('code')} />
        <Field label={t('tax.fields.enName')} maxLength={80} {...field('en_name')} />
        <Field label={t('tax.fields.znName')} maxLength={80} {...field('zn_name')} />
        <Field label={t('tax.fields.ratePercent')} inputMode="decimal" maxLength={7} {...field('rate')} />
      </div>
      <p className="admin-hint">{t('tax.codeHint')}</p>
      <FormError error={add.error} />
      <p className="admin-actions">
        <button type="submit" className="button" disabled={add.isPending}>
          {t('tax.addClass')}
        </button>
      </p>
    </form>
  );
}
