import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STAFF_ROLES, type StaffRole } from '#shared/schemas/staff.rules';
import { type StaffMember, useChangeRole, useRemoveStaff } from '../api/staff';
import { ResetTwoFactor } from './reset-two-factor';

/** One staff member: their role to change, their two-factor to reset, and removal, each confirmed. */
export function StaffRow({
  member,
  isSelf,
  onError,
}: {
  member: StaffMember;
  isSelf: boolean;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const changeRole = useChangeRole();
  const remove = useRemoveStaff();
  const [confirming, setConfirming] = useState(false);
  const who = member.name || member.email;
  return (
    <tr>
      <th scope="row">
        {who}
        {isSelf ? <span className="tag">{t('staff.you')}</span> : null}
      </th>
      <td>{member.email}</td>
      <td>
        <select
          className="input admin-role"
          aria-label={t('staff.roleOf', { name: who })}
          value={member.role}
          disabled={changeRole.isPending}
          onChange={(event) =>
            changeRole.mutate({ id: member.id, role: event.target.value as StaffRole }, { onError })
          }
        >
          {STAFF_ROLES.map((value) => (
            <option key={value} value={value}>
              {t(`roles.${value}`)}
            </option>
          ))}
        </select>
      </td>
      <td>{member.totpEnabled ? t('account.twoFactorOn') : t('account.twoFactorOff')}</td>
      <td>
        <div className="admin-actions">
          {isSelf || !member.totpEnabled ? null : <ResetTwoFactor member={member} onError={onError} />}
          {isSelf ? null : confirming ? (
            <>
              <button
                type="button"
                className="button button-danger"
                disabled={remove.isPending}
                onClick={() => remove.mutate(member.id, { onError, onSettled: () => setConfirming(false) })}
              >
                {t('staff.remove.confirm', { name: who })}
              </button>
              <button type="button" className="text-button" onClick={() => setConfirming(false)}>
                {t('staff.remove.cancel')}
              </button>
            </>
          ) : (
            <button type="button" className="button button-secondary" onClick={() => setConfirming(true)}>
              {t('staff.remove.label')}
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}
