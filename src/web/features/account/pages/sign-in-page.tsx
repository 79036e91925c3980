import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { emailProblem } from '#shared/schemas/account.rules';
import { signIn } from '#web/api/account';
import { addToCartOptions } from '#web/api/cart';
import { TitlePage } from '#web/components/ui/title-page';
import { intentOf, type SignInIntent } from '#web/lib/sign-in-intent';
import { saveUser } from '#web/lib/storage';
import { Field, Notice, ServerBanner } from '../components/form';
import { focusFirstProblem, type Problems } from '../components/problems';

/**
 * What sign-up and reset hand over to sign in: the address used and what happened, and what the
 * visitor was doing before (lib/sign-in-intent.ts), carried through them.
 */
export interface AccountNotice {
  email?: string;
  notice?: 'signUp.done' | 'reset.done';
  intent?: SignInIntent;
}

const FIELDS = ['email', 'password'] as const;

/**
 * Sign in (docs/product.md §2, §5): email, password; success keeps the user and goes to /, or, when
 * a visitor was sent here (docs/product.md §4, Sign-in intent), says why, adds what they meant to
 * add and goes back to the page they were on.
 */
export function SignInPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const state: unknown = useLocation().state;
  const handed = (state ?? {}) as AccountNotice;
  const intent = intentOf(state);
  const addIntended = useMutation(addToCartOptions(queryClient));
  const [email, setEmail] = useState(handed.email ?? '');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<Problems<(typeof FIELDS)[number]>>({});
  const mutation = useMutation({
    mutationFn: () => signIn(email.trim(), password),
    onSuccess: async ({ avatar, email: address, name, token, uuid }) => {
      saveUser({ avatar, email: address, name, token, uuid });
      // A failed add (sold out meanwhile) still goes back: the product page shows its stock.
      if (intent?.add) await addIntended.mutateAsync(intent.add).catch(() => undefined);
      void queryClient.invalidateQueries();
      navigate(intent?.path ?? '/', { replace: true });
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
      {intent && !handed.notice && <Notice>{t(intent.add ? 'signIn.whyAdd' : 'signIn.whyPage')}</Notice>}
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
          <Link to="/account/resetpassword" state={intent ? { intent } : undefined}>
            {t('signIn.forgot')}
          </Link>
        </p>
        <button
          type="submit"
          className="button button-primary account-submit"
          disabled={mutation.isPending || addIntended.isPending}
        >
          {mutation.isPending ? t('working') : t('signIn.submit')}
        </button>
      </form>
      <p className="account-switch">
        <span>{t('signIn.noAccount')}</span>{' '}
        <Link to="/account/signup" state={intent ? { intent } : undefined}>
          {t('signIn.signUp')}
        </Link>
      </p>
    </TitlePage>
  );
}
