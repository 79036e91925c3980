import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { codeProblem, emailProblem, nameProblem, passwordProblem } from '#shared/schemas/account.rules';
import { TitlePage } from '#web/components/ui/title-page';
import { intentOf } from '#web/lib/sign-in-intent';
import type { AccountNotice } from '../pages/sign-in-page';
import { CodeSentNotice, EmailCodeFields, useEmailCode } from './email-code-fields';
import { Field, ServerBanner } from './form';
import { focusFirstProblem, type Problems } from './problems';

type FieldName = 'email' | 'code' | 'name' | 'password';

/** What the page sends: email and code trimmed; `name` only when the page asks for one. */
export interface EmailCodeForm {
  email: string;
  code: string;
  name?: string;
  password: string;
}

interface EmailCodePageProps {
  /** Where its texts are in the account namespace: title, intro, submit, signIn, done. */
  texts: 'signUp' | 'reset';
  sendCode: (email: string) => Promise<unknown>;
  submit: (form: EmailCodeForm) => Promise<unknown>;
  /** Sign-up asks for the shopper's name; a reset does not. */
  asksName: boolean;
  passwordLabel: 'field.password' | 'field.newPassword';
}

/**
 * The pages that prove an address with a mailed code (docs/product.md §2, §5): email, code with Send, the
 * name when asked, a password; success goes to /account with a notice and the address filled in,
 * carrying back what the visitor was doing before sign-in was asked (lib/sign-in-intent.ts).
 */
export function EmailCodePage({ texts, sendCode, submit, asksName, passwordLabel }: EmailCodePageProps) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const intent = intentOf(useLocation().state);
  const [values, setValues] = useState({ email: '', code: '', name: '', password: '' });
  const [problems, setProblems] = useState<Problems<FieldName>>({});
  const { sender, sendTo } = useEmailCode(sendCode);
  const email = values.email.trim();
  const mutation = useMutation({
    mutationFn: () =>
      submit({
        email,
        code: values.code.trim(),
        ...(asksName ? { name: values.name } : {}),
        password: values.password,
      }),
    onSuccess: () => {
      const state: AccountNotice = { email, notice: `${texts}.done`, ...(intent ? { intent } : {}) };
      navigate('/account', { state });
    },
  });
  const set = (field: FieldName) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const send = () => setProblems({ email: sendTo(values.email) });
  const fields: FieldName[] = asksName
    ? ['email', 'code', 'name', 'password']
    : ['email', 'code', 'password'];
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Problems<FieldName> = {
      email: emailProblem(values.email),
      code: codeProblem(values.code),
      ...(asksName ? { name: nameProblem(values.name) } : {}),
      password: passwordProblem(values.password),
    };
    setProblems(found);
    if (!focusFirstProblem(event.currentTarget, fields, found)) mutation.mutate();
  };
  const problem = (key?: string) => (key ? t(`problem.${key}`) : undefined);
  return (
    <TitlePage title={t(`${texts}.title`)} backTo="/account">
      <p className="account-intro">{t(`${texts}.intro`)}</p>
      <CodeSentNotice sender={sender} />
      <ServerBanner error={mutation.error ?? sender.mutation.error} />
      <form className="account-form" noValidate onSubmit={onSubmit}>
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
        {asksName && (
          <Field
            label={t('field.name')}
            name="name"
            autoComplete="name"
            value={values.name}
            onChange={(event) => set('name')(event.target.value)}
            error={problem(problems.name)}
          />
        )}
        <Field
          label={t(passwordLabel)}
          name="password"
          type="password"
          autoComplete="new-password"
          hint={t('passwordHint')}
          value={values.password}
          onChange={(event) => set('password')(event.target.value)}
          error={problem(problems.password)}
        />
        <button type="submit" className="button button-primary account-submit" disabled={mutation.isPending}>
          {mutation.isPending ? t('working') : t(`${texts}.submit`)}
        </button>
      </form>
      <p className="account-switch">
        <Link to="/account" state={intent ? { intent } : undefined}>
          {t(`${texts}.signIn`)}
        </Link>
      </p>
    </TitlePage>
  );
}
