import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { codeProblem, emailProblem, passwordProblem } from '#shared/schemas/account.rules';
import { recoveryCodeProblem } from '#shared/schemas/staff.rules';
import { useMe, useSaveSession } from '../../../api/me';
import { CodeField, Field } from '../../../components/ui/field';
import { LanguageSwitch } from '../../../components/ui/language-switch';
import { FormError } from '../../../components/ui/states';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { type SessionNotice, takeNotice, useSessionEnded } from '../../../lib/session';
import { todayPath } from '../../../lib/urls/today';
import { useSignIn } from '../api/sign-in';

/** A sign-in answer that asks for the authenticator's code rather than refusing. */
const asksForCode = (error: unknown) =>
  error instanceof ApiError && error.status === 401 && error.data?.needsCode === true;

/**
 * E-mail and password; when the staff member has two-factor on, the server answers `needsCode` and
 * the form asks for the authenticator app's code (or, after a lost phone, one of the recovery
 * codes), then signs in with all three.
 */
export function SignInPage() {
  const { t } = useTranslation();
  usePageTitle(t('signIn.title'));
  // A tab opened on sign-in while the browser is signed in goes straight on.
  const me = useMe();
  const ended = useSessionEnded();
  const location = useLocation();
  const navigate = useNavigate();
  const saveSession = useSaveSession();
  const signIn = useSignIn();
  const [notice] = useState<SessionNotice | null>(takeNotice);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeStep, setCodeStep] = useState(false);
  const [recovery, setRecovery] = useState(false);
  const [checked, setChecked] = useState(false);
  const from = (location.state as { from?: string } | null)?.from;

  if (me.data && !ended && !signIn.isPending) return <Navigate to={from ?? todayPath} replace />;

  const problems = {
    email: emailProblem(email),
    password: passwordProblem(password) === 'passwordEmpty' ? 'passwordEmpty' : undefined,
    code: !codeStep ? undefined : recovery ? recoveryCodeProblem(code) : codeProblem(code),
  };
  const shown = (problem: string | undefined) => (checked && problem ? t(`problems.${problem}`) : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (problems.email || problems.password || problems.code) return;
    signIn.mutate(
      { email: email.trim(), password, ...(codeStep ? { code: code.trim() } : {}) },
      {
        onSuccess: (session) => {
          saveSession(session);
          navigate(from ?? todayPath, { replace: true });
        },
        onError: (error, sent) => {
          if (sent.code !== undefined || !asksForCode(error)) return;
          setCodeStep(true);
          setChecked(false);
        },
      },
    );
  };

  return (
    <div className="admin-gate">
      <div className="admin-gate-top">
        <LanguageSwitch />
      </div>
      <form className="admin-card" onSubmit={submit} noValidate>
        <p className="admin-brand">{t('app.title')}</p>
        <h1>{t('signIn.title')}</h1>
        {notice ? (
          <p className="admin-notice" role="status">
            {t(`signIn.notice.${notice}`)}
          </p>
        ) : null}
        <Field
          label={t('fields.email')}
          type="email"
          autoComplete="username"
          value={email}
          readOnly={codeStep}
          problem={shown(problems.email)}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Field
          label={t('fields.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          readOnly={codeStep}
          problem={shown(problems.password)}
          onChange={(event) => setPassword(event.target.value)}
        />
        {codeStep ? (
          <>
            <p className="admin-notice">{t(recovery ? 'signIn.recoveryHint' : 'signIn.codeHint')}</p>
            {recovery ? (
              <Field
                key="recovery"
                label={t('fields.recoveryCode')}
                autoFocus
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={20}
                className="input admin-secret"
                value={code}
                problem={shown(problems.code)}
                onChange={(event) => setCode(event.target.value)}
              />
            ) : (
              <CodeField
                // The step appears after a click: focus moves to the one field it asks for.
                autoFocus
                value={code}
                problem={shown(problems.code)}
                onChange={(event) => setCode(event.target.value)}
              />
            )}
            <button
              type="button"
              className="text-button"
              onClick={() => {
                setRecovery(!recovery);
                setCode('');
                setChecked(false);
                signIn.reset();
              }}
            >
              {t(recovery ? 'signIn.useAuthenticator' : 'signIn.useRecoveryCode')}
            </button>
          </>
        ) : null}
        {/* Asking for the code is the next step, not a failure; a wrong code is one. */}
        {asksForCode(signIn.error) && signIn.variables?.code === undefined ? null : (
          <FormError error={signIn.error} />
        )}
        <button type="submit" className="button button-primary form-submit" disabled={signIn.isPending}>
          {t('signIn.submit')}
        </button>
      </form>
    </div>
  );
}
