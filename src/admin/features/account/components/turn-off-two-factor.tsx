import { useTranslation } from 'react-i18next';
import { useDisableTotp } from '../api/two-factor';
import { CurrentCodeForm } from './current-code-form';

/** Managers and packers may turn two-factor off again, with a current code; owners may not. */
export function TurnOffTwoFactor() {
  const { t } = useTranslation();
  const disable = useDisableTotp();
  return (
    <CurrentCodeForm
      title={t('account.turnOff.title')}
      submitLabel={t('account.turnOff.submit')}
      pending={disable.isPending}
      error={disable.error}
      onCode={(code) => disable.mutate(code)}
    />
  );
}
