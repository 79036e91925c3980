import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { codeProblem } from '#shared/schemas/account.rules';
import { RECOVERY_CODE_COUNT } from '#shared/schemas/staff.rules';
import { CodeField } from '../../../components/ui/field';
import { FormError } from '../../../components/ui/states';
import { recoveryLeftQueryOptions, useRenewRecoveryCodes } from '../api/two-factor';
import { RecoveryCodeList } from './recovery-code-list';

/** How many recovery codes are left, and new ones for a current authenticator code. */
export function RecoveryCodesPanel({ email }: { email: string }) {
  const { t } = useTranslation();
  const left = useQuery(recoveryLeftQueryOptions());
  const renew = useRenewRecoveryCodes();
  const [code, setCode] = useState('');
  const [checked, setChecked] = useState(false);
  const problem = codeProblem(code);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!problem) renew.mutate(code.trim(), { onSuccess: () => setCode('') });
  };
  return (
    <>
      <dl className="admin-facts">
        <dt>{t('account.recoveryLeft')}</dt>
        <dd data-testid="recovery-left">
          {left.data
            ? t('account.recoveryLeftCount', { count: left.data.left, total: RECOVERY_CODE_COUNT })
            : '…'}
        </dd>
      </dl>
      {renew.data ? <RecoveryCodeList codes={renew.data.recoveryCodes} email={email} /> : null}
      <form className="admin-panel" onSubmit={submit} noValidate>
        <h2>{t('account.renew.title')}</h2>
        <p className="admin-hint">{t('account.renew.hint')}</p>
        <CodeField
          value={code}
          problem={checked && problem ? t(`problems.${problem}`) : undefined}
          onChange={(event) => setCode(event.target.value)}
        />
        <FormError error={renew.error} />
        <button type="submit" className="button button-secondary form-submit" disabled={renew.isPending}>
          {t('account.renew.submit')}
        </button>
      </form>
    </>
  );
}
