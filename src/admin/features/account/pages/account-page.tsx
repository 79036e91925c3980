import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStaff } from '../../../api/me';
import { usePageTitle } from '../../../lib/page-title';
import { twoFactorPath } from '../../../lib/urls/account';
import { AlertChoicesForm } from '../components/alert-choices';
import { RecoveryCodesPanel } from '../components/recovery-codes-panel';
import { TurnOffTwoFactor } from '../components/turn-off-two-factor';

/**
 * The signed-in staff member's own account: who they are, their role, two-factor sign-in and its
 * recovery codes, and the alerts they get by mail.
 */
export function AccountPage() {
  const { t } = useTranslation();
  usePageTitle(t('account.title'));
  const staff = useStaff();
  return (
    <section className="admin-page admin-narrow">
      <h1>{t('account.title')}</h1>
      <dl className="admin-facts">
        <dt>{t('fields.name')}</dt>
        <dd>{staff.name}</dd>
        <dt>{t('fields.email')}</dt>
        <dd>{staff.email}</dd>
        <dt>{t('fields.role')}</dt>
        <dd>{t(`roles.${staff.role}`)}</dd>
        <dt>{t('account.twoFactor')}</dt>
        <dd>{staff.totpEnabled ? t('account.twoFactorOn') : t('account.twoFactorOff')}</dd>
      </dl>
      {staff.totpEnabled ? null : (
        <Link to={twoFactorPath} className="button button-primary">
          {t('twoFactor.title')}
        </Link>
      )}
      {staff.totpEnabled ? <RecoveryCodesPanel email={staff.email} /> : null}
      {staff.totpEnabled && staff.role !== 'owner' ? <TurnOffTwoFactor /> : null}
      <AlertChoicesForm />
    </section>
  );
}
