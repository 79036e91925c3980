import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordProblem } from '#shared/schemas/account.rules';
import { ChevronRightIcon } from '#web/components/ui/icons';
import { Modal } from '#web/components/ui/modal';
import { TitlePage } from '#web/components/ui/title-page';
import { useUser } from '#web/lib/auth';
import { Field, Notice, ServerBanner } from '../components/form';
import { focusFirstProblem, type Problems } from '../components/problems';
import { WhenMissingSetting } from '../components/when-missing-setting';
import '../account.css';
import { changePassword } from '#web/api/account';
import '../profile.css';

const FIELDS = ['old_password', 'password'] as const;

/** Account settings: the email, and a working change-password panel (beyond the spec's empty one). */
export function AccountSettingsPage() {
  const { t } = useTranslation(['profile', 'account']);
  const user = useUser();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  return (
    <TitlePage title={t('settings.account')} backTo="/profile/settings">
      {done && <Notice>{t('settings.passwordChanged')}</Notice>}
      <ul className="menu-list">
        <li className="menu-row">
          <span>{t('settings.email')}</span>
          <span className="menu-value">{user?.email}</span>
        </li>
        <li>
          <button type="button" className="menu-row" onClick={() => setOpen(true)}>
            <span>{t('settings.changePassword')}</span>
            <ChevronRightIcon />
          </button>
        </li>
      </ul>
      <WhenMissingSetting />
      <Modal open={open} onClose={() => setOpen(false)} title={t('settings.changePassword')}>
        {open && (
          <PasswordForm
            onDone={() => {
              setDone(true);
              setOpen(false);
            }}
          />
        )}
      </Modal>
    </TitlePage>
  );
}

function PasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(['profile', 'account']);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [problems, setProblems] = useState<Problems<(typeof FIELDS)[number]>>({});
  const mutation = useMutation({ mutationFn: () => changePassword(current, next), onSuccess: onDone });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = {
      old_password: current === '' ? 'passwordEmpty' : undefined,
      password: passwordProblem(next),
    };
    setProblems(found);
    if (!focusFirstProblem(event.currentTarget, FIELDS, found)) mutation.mutate();
  };
  const problem = (key?: string) => (key ? t(`account:problem.${key}`) : undefined);
  return (
    <form className="account-form" noValidate onSubmit={submit}>
      <ServerBanner error={mutation.error} />
      <Field
        label={t('settings.currentPassword')}
        name="old_password"
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={(event) => setCurrent(event.target.value)}
        error={problem(problems.old_password)}
      />
      <Field
        label={t('settings.newPassword')}
        name="password"
        type="password"
        autoComplete="new-password"
        hint={t('account:passwordHint')}
        value={next}
        onChange={(event) => setNext(event.target.value)}
        error={problem(problems.password)}
      />
      <button type="submit" className="button button-primary account-submit" disabled={mutation.isPending}>
        {mutation.isPending ? t('settings.saving') : t('settings.save')}
      </button>
    </form>
  );
}
