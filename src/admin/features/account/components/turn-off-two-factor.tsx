import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { codeProblem } from '#shared/schemas/account.rules';
import { CodeField } from '../../../components/ui/field';
import { FormError } from '../../../components/ui/states';
import { useDisableTotp } from '../api/two-factor';

/** Managers and packers may turn two-factor off again, with a current code; owners may not. */
export function TurnOffTwoFactor() {
  const { t } = useTranslation();
  const disable = useDisableTotp();
  const [code, setCode] = useState('');
  const [checked, setChecked] = useState(false);
  const problem = codeProblem(code);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!problem) disable.mutate(code.trim());
  };
  return (
    <form className="admin-panel" onSubmit={submit} noValidate>
      <h2>{t('account.turnOff.title')}</h2>
      <CodeField
        value={code}
        problem={checked && problem ? t(`problems.${problem}`) : undefined}
        onChange={(event) => setCode(event.target.value)}
      />
      <FormError error={disable.error} />
      <button type="submit" className="button button-secondary form-submit" disabled={disable.isPending}>
        {t('account.turnOff.submit')}
      </button>
    </form>
  );
}
