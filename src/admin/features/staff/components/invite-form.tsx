import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emailProblem, nameProblem } from '#shared/schemas/account.rules';
import { STAFF_ROLES, type StaffRole } from '#shared/schemas/staff.rules';
import { Field } from '../../../components/ui/field';
import { FormError } from '../../../components/ui/states';
import { useInviteStaff } from '../api/staff';

/** Invites a staff member; the answer's one-time link is shown to copy and send them. */
export function InviteForm() {
  const { t } = useTranslation();
  const invite = useInviteStaff();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<StaffRole>('packer');
  const [checked, setChecked] = useState(false);
  const [copied, setCopied] = useState(false);
  const problems = { email: emailProblem(email), name: nameProblem(name) };
  const shown = (problem: string | undefined) => (checked && problem ? t(`problems.${problem}`) : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (problems.email || problems.name) return;
    setCopied(false);
    invite.mutate(
      { email: email.trim(), name: name.trim(), role },
      {
        onSuccess: () => {
          setEmail('');
          setName('');
          setChecked(false);
        },
      },
    );
  };
  const link = invite.data?.setPasswordUrl;
  const copy = () => {
    if (link)
      void navigator.clipboard?.writeText(link).then(
        () => setCopied(true),
        () => undefined,
      );
  };

  return (
    <section className="admin-panel" aria-labelledby="invite-title">
      <h2 id="invite-title">{t('staff.invite.title')}</h2>
      <form className="admin-invite" onSubmit={submit} noValidate>
        <Field
          label={t('fields.name')}
          autoComplete="off"
          value={name}
          problem={shown(problems.name)}
          onChange={(event) => setName(event.target.value)}
        />
        <Field
          label={t('fields.email')}
          type="email"
          autoComplete="off"
          value={email}
          problem={shown(problems.email)}
          onChange={(event) => setEmail(event.target.value)}
        />
        <div className="field">
          <label className="field-label" htmlFor="invite-role">
            {t('fields.role')}
          </label>
          <select
            id="invite-role"
            className="input"
            value={role}
            onChange={(event) => setRole(event.target.value as StaffRole)}
          >
            {STAFF_ROLES.map((value) => (
              <option key={value} value={value}>
                {t(`roles.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button-primary" disabled={invite.isPending}>
          {t('staff.invite.submit')}
        </button>
      </form>
      <FormError error={invite.error} />
      {link ? (
        <div className="admin-link" role="status">
          <Field
            label={t('staff.invite.link')}
            value={link}
            readOnly
            onFocus={(event) => event.target.select()}
          />
          <p className="admin-hint">
            {invite.data?.mailed ? t('staff.invite.mailed') : null} {t('staff.invite.linkHint')}
          </p>
          <button type="button" className="button button-secondary" onClick={copy}>
            {copied ? t('staff.invite.copied') : t('staff.invite.copy')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
