import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { codeProblem } from '#shared/schemas/account.rules';
import { useStaff } from '../../../api/me';
import { CodeField, Field } from '../../../components/ui/field';
import { FormError } from '../../../components/ui/states';
import { usePageTitle } from '../../../lib/page-title';
import { accountPath } from '../../../lib/urls/account';
import { todayPath } from '../../../lib/urls/today';
import { useConfirmTotp, useStartTotp } from '../api/two-factor';
import { RecoveryCodeList } from '../components/recovery-code-list';

/** The QR code as a picture: an SVG in an <img> never runs script, whatever it holds. */
const svgSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/**
 * Two-factor enrolment: a new secret shown as a QR code and as text, confirmed with a code from
 * the app, then the recovery codes, shown this once. Owners are sent here until they have done it
 * (`totpRequired`); others come by choice.
 */
export function TwoFactorPage() {
  const { t } = useTranslation();
  usePageTitle(t('twoFactor.title'));
  const staff = useStaff();
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const [code, setCode] = useState('');
  const [checked, setChecked] = useState(false);
  // An owner sent here goes on to the console's home; others came from their account and return there.
  const [sentHere] = useState(staff.totpRequired);
  const navigate = useNavigate();

  if (staff.totpEnabled && !confirm.isSuccess) return <Navigate to={accountPath} replace />;
  if (confirm.data) {
    return (
      <section className="admin-page admin-narrow">
        <h1>{t('twoFactor.title')}</h1>
        <RecoveryCodeList codes={confirm.data.recoveryCodes} email={staff.email} />
        <button
          type="button"
          className="button button-primary"
          disabled={staff.totpRequired}
          onClick={() => navigate(sentHere ? todayPath : accountPath, { replace: true })}
        >
          {t('twoFactor.codesSaved')}
        </button>
      </section>
    );
  }

  const problem = codeProblem(code);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!problem) confirm.mutate(code.trim());
  };
  const setup = start.data;
  return (
    <section className="admin-page admin-narrow">
      <h1>{t('twoFactor.title')}</h1>
      {staff.totpRequired ? (
        <p className="admin-notice" role="status">
          {t('twoFactor.required')}
        </p>
      ) : null}
      <p>{t('twoFactor.intro')}</p>
      {setup ? (
        <form onSubmit={submit} noValidate>
          <ol className="admin-steps">
            <li>
              {t('twoFactor.scan')}
              <img
                className="admin-qr"
                src={svgSource(setup.qrSvg)}
                alt={t('twoFactor.qrAlt')}
                width={200}
                height={200}
              />
            </li>
            <li>
              <Field
                label={t('twoFactor.secret')}
                value={setup.secret}
                readOnly
                className="input admin-secret"
              />
            </li>
            <li>
              <CodeField
                value={code}
                problem={checked && problem ? t(`problems.${problem}`) : undefined}
                onChange={(event) => setCode(event.target.value)}
              />
            </li>
          </ol>
          <FormError error={confirm.error} />
          <button type="submit" className="button button-primary" disabled={confirm.isPending}>
            {t('twoFactor.confirm')}
          </button>
        </form>
      ) : (
        <>
          <FormError error={start.error} />
          <button
            type="button"
            className="button button-primary"
            disabled={start.isPending}
            onClick={() => start.mutate()}
          >
            {t('twoFactor.start')}
          </button>
        </>
      )}
    </section>
  );
}
