import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nameProblem } from '#shared/schemas/account.rules';
import { ChevronRightIcon } from '#web/components/ui/icons';
import { Modal } from '#web/components/ui/modal';
import { TitlePage } from '#web/components/ui/title-page';
import { useUser } from '#web/lib/auth';
import { Field, Notice, ServerBanner } from '../components/form';
import '../account.css';
import { rememberUser, updateProfile } from '#web/api/account';
import { AvatarPicker } from '../components/avatar-picker';
import { Avatar } from '../components/profile-menu';
import '../profile.css';

type Panel = 'avatar' | 'name';

/** Profile settings: avatar and name rows open forms that save (beyond the spec's idle buttons). */
export function ProfileSettingsPage() {
  const { t } = useTranslation('profile');
  const user = useUser();
  const [open, setOpen] = useState<Panel | null>(null);
  const [saved, setSaved] = useState<Panel | null>(null);
  if (!user) return null;
  const done = (panel: Panel) => () => {
    setSaved(panel);
    setOpen(null);
  };
  return (
    <TitlePage title={t('settings.profile')} backTo="/profile/settings">
      {saved && <Notice>{t(saved === 'name' ? 'settings.nameSaved' : 'settings.avatarSaved')}</Notice>}
      <ul className="menu-list">
        <li>
          <button type="button" className="menu-row" onClick={() => setOpen('avatar')}>
            <span>{t('settings.avatar')}</span>
            <Avatar user={user} size={40} />
            <ChevronRightIcon />
          </button>
        </li>
        <li>
          <button type="button" className="menu-row" onClick={() => setOpen('name')}>
            <span>{t('settings.name')}</span>
            <span className="menu-value">{user.name}</span>
            <ChevronRightIcon />
          </button>
        </li>
      </ul>
      <Modal open={open !== null} onClose={() => setOpen(null)} title={open ? t(`settings.${open}`) : ''}>
        {open === 'avatar' && <AvatarPicker current={user.avatar} onDone={done('avatar')} />}
        {open === 'name' && <NameForm name={user.name} onDone={done('name')} />}
      </Modal>
    </TitlePage>
  );
}

function NameForm({ name, onDone }: { name: string; onDone: () => void }) {
  const { t } = useTranslation(['profile', 'account']);
  const queryClient = useQueryClient();
  const [value, setValue] = useState(name);
  const [problem, setProblem] = useState<string | undefined>();
  const mutation = useMutation({
    mutationFn: () => updateProfile({ name: value.trim() }),
    onSuccess: (user) => {
      rememberUser(user, queryClient);
      onDone();
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = nameProblem(value);
    setProblem(found);
    if (found) event.currentTarget.querySelector('input')?.focus();
    else mutation.mutate();
  };
  return (
    <form className="account-form" noValidate onSubmit={submit}>
      <ServerBanner error={mutation.error} />
      <Field
        label={t('settings.name')}
        name="name"
        autoComplete="name"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={problem ? t(`account:problem.${problem}`) : undefined}
      />
      <button type="submit" className="button button-primary account-submit" disabled={mutation.isPending}>
        {mutation.isPending ? t('settings.saving') : t('settings.save')}
      </button>
    </form>
  );
}
