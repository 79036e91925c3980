import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { staffPasswordProblem } from '#shared/schemas/account.rules';
import { Field } from '../../../components/ui/field';
import { LanguageSwitch } from '../../../components/ui/language-switch';
import { FormError } from '../../../components/ui/states';
import { usePageTitle } from '../../../lib/page-title';
import { signInPath } from '../../../lib/urls/account';
import { useSetPassword } from '../api/sign-in';

/** The one-time link from `staff add` or an invitation (`/admin/set-password?token=…`): choose a password. */
export function SetPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('setPassword.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const setPassword = useSetPassword();
  const [password, setPasswordText] = useState('');
  const [repeat, setRepeat] = useState('');
  const [checked, setChecked] = useState(false);

  const problems = {
    password: staffPasswordProblem(password),
    repeat: repeat !== password ? 'passwordsDiffer' : undefined,
  };
  const shown = (problem: string | undefined) => (checked && problem ? t(`problems.${problem}`) : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (problems.password || problems.repeat) return;
    setPassword.mutate({ token, password });
  };

  let body: ReactNode;
  if (!token) {
    body = (
      <p className="form-error" role="alert">
        {t('setPassword.noToken')}
      </p>
    );
  } else if (setPassword.isSuccess) {
    body = (
      <>
        <p className="admin-notice" role="status">
          {t('setPassword.done')}
        </p>
        <Link to={signInPath} className="button button-primary form-submit">
          {t('signIn.title')}
        </Link>
      </>
    );
  } else {
    body = (
      <form onSubmit={submit} noValidate>
        <p>{t('setPassword.hint')}</p>
        <Field
          label={t('fields.newPassword')}
          type="password"
          autoComplete="new-password"
          value={password}
          problem={shown(problems.password)}
          onChange={(event) => setPasswordText(event.target.value)}
        />
        <Field
          label={t('fields.repeatPassword')}
          type="password"
          autoComplete="new-password"
          value={repeat}
          problem={shown(problems.repeat)}
          onChange={(event) => setRepeat(event.target.value)}
        />
        <FormError error={setPassword.error} />
        <button type="submit" className="button button-primary form-submit" disabled={setPassword.isPending}>
          {t('setPassword.submit')}
        </button>
      </form>
    );
  }
  return (
    <div className="admin-gate">
      <div className="admin-gate-top">
        <LanguageSwitch />
      </div>
      <div className="admin-card">
        <p className="admin-brand">{t('app.title')}</p>
        <h1>{t('setPassword.title')}</h1>
        {body}
      </div>
    </div>
  );
}
