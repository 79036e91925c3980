import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { codeProblem, emailProblem, nameProblem, passwordProblem } from '../../../../shared/schemas/account';
import { TitlePage } from '../../../components/ui/title-page';
import { register, sendSignUpCode } from '../api/account-calls';
import { CodeSentNotice, EmailCodeFields, useEmailCode } from '../components/email-code-fields';
import { Field, ServerBanner } from '../components/form';
import { focusFirstProblem, type Problems } from '../components/problems';
import type { AccountNotice } from './sign-in-page';

const FIELDS = ['email', 'code', 'name', 'password'] as const;

/** Sign up (spec §2, §5): email, code with Send, name, password; success goes to /account. */
export function SignUpPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [values, setValues] = useState({ email: '', code: '', name: '', password: '' });
  const [problems, setProblems] = useState<Problems<(typeof FIELDS)[number]>>({});
  const { sender, sendTo } = useEmailCode(sendSignUpCode);
  const mutation = useMutation({
    mutationFn: () => register({ ...values, email: values.email.trim(), code: values.code.trim() }),
    onSuccess: () => {
      const state: AccountNotice = { email: values.email.trim(), notice: 'signUp.done' };
      navigate('/account', { state });
    },
  });
  const set = (field: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const send = () => setProblems({ email: sendTo(values.email) });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = {
      email: emailProblem(values.email),
      code: codeProblem(values.code),
      name: nameProblem(values.name),
      password: passwordProblem(values.password),
    };
    setProblems(found);
    if (!focusFirstProblem(event.currentTarget, FIELDS, found)) mutation.mutate();
  };
  const problem = (key?: string) => (key ? t(`problem.${key}`) : undefined);
  return (
    <TitlePage title={t('signUp.title')} backTo="/account">
      <p className="account-intro">{t('signUp.intro')}</p>
      <CodeSentNotice sender={sender} />
      <ServerBanner error={mutation.error ?? sender.mutation.error} />
      <form className="account-form" noValidate onSubmit={submit}>
        <EmailCodeFields
          sender={sender}
          email={values.email}
          code={values.code}
          onEmail={set('email')}
          onCode={set('code')}
          onSend={send}
          emailError={problem(problems.email)}
          codeError={problem(problems.code)}
        />
        <Field
          label={t('field.name')}
          name="name"
          autoComplete="name"
          value={values.name}
          onChange={(event) => set('name')(event.target.value)}
          error={problem(problems.name)}
        />
        <Field
          label={t('field.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          hint={t('passwordHint')}
          value={values.password}
          onChange={(event) => set('password')(event.target.value)}
          error={problem(problems.password)}
        />
        <button type="submit" className="button button-primary account-submit" disabled={mutation.isPending}>
          {mutation.isPending ? t('working') : t('signUp.submit')}
        </button>
      </form>
      <p className="account-switch">
        <Link to="/account">{t('signUp.signIn')}</Link>
      </p>
    </TitlePage>
  );
}
