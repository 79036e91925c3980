import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { emailProblem } from '#shared/schemas/account.rules';
import { signIn } from '#web/api/account';
import { TitlePage } from '#web/components/ui/title-page';
import { saveUser } from '#web/lib/storage';
import { Field, Notice, ServerBanner } from '../components/form';
import { focusFirstProblem, type Problems } from '../components/problems';

/** What sign-up and reset hand over to sign in: the address used and what happened. */
export interface AccountNotice {
  email?: string;
  notice?: 'signUp.done' | 'reset.done';
}

const FIELDS = ['email', 'password'] as const;

/** Sign in (docs/product.md §2, §5): email, password; success keeps the user and goes to /. */
export function SignInPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const handed = (useLocation().state ?? {}) as AccountNotice;
  const [email, setEmail] = useState(handed.email ?? '');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<Problems<(typeof FIELDS)[number]>>({});
  const mutation = useMutation({
    mutationFn: () => signIn(email.trim(), password),
    onSuccess: ({ avatar, email: address, name, token, uuid }) => {
      saveUser({ avatar, email: address, name, token, uuid });
      void queryClient.invalidateQueries();
      navigate('/', { replace: true });
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = { email: emailProblem(email), password: password === '' ? 'passwordEmpty' : undefined };
    setProblems(found);
    if (!focusFirstProblem(event.currentTarget, FIELDS, found)) mutation.mutate();
  };
  const problem = (key?: string) => (key ? t(`problem.${key}`) : undefined);
  return (
    <TitlePage title={t('signIn.title')}>
      <p className="account-intro">{t('signIn.welcome')}</p>
      {handed.notice && !mutation.error && <Notice>{t(handed.notice)}</Notice>}
      <ServerBanner error={mutation.error} />
      <form className="account-form" noValidate onSubmit={submit}>
        <Field
          label={t('field.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={problem(problems.email)}
        />
        <Field
          label={t('field.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={problem(problems.password)}
        />
        <p className="account-forgot">
          <Link to="/account/resetpassword">{t('signIn.forgot')}</Link>
        </p>
        <button type="submit" className="button button-primary account-submit" disabled={mutation.isPending}>
          {mutation.isPending ? t('working') : t('signIn.submit')}
        </button>
      </form>
      <p className="account-switch">
        <span>{t('signIn.noAccount')}</span> <Link to="/account/signup">{t('signIn.signUp')}</Link>
      </p>
    </TitlePage>
  );
}
