import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RECOVERY_CODE_COUNT } from '#shared/schemas/staff.rules';
import { recoveryLeftQueryOptions, useRenewRecoveryCodes } from '../api/two-factor';
import { CurrentCodeForm } from './current-code-form';
import { RecoveryCodeList } from './recovery-code-list';

/** How many recovery codes are left, and new ones for a current authenticator code. */
export function RecoveryCodesPanel({ email }: { email: string }) {
  const { t } = useTranslation();
  const left = useQuery(recoveryLeftQueryOptions());
  const renew = useRenewRecoveryCodes();
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
      <CurrentCodeForm
        title={t('account.renew.title')}
        hint={t('account.renew.hint')}
        submitLabel={t('account.renew.submit')}
        pending={renew.isPending}
        error={renew.error}
        onCode={(code, clear) => renew.mutate(code, { onSuccess: clear })}
      />
    </>
  );
}
