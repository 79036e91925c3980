import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type StaffMember, useResetTwoFactor } from '../api/staff';

/** An owner resets another member's two-factor (a lost phone), after a confirmation. */
export function ResetTwoFactor({
  member,
  onError,
}: {
  member: StaffMember;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const reset = useResetTwoFactor();
  const [confirming, setConfirming] = useState(false);
  const who = member.name || member.email;
  if (!confirming) {
    return (
      <button type="button" className="button button-secondary" onClick={() => setConfirming(true)}>
        {t('staff.resetTwoFactor.label')}
      </button>
    );
  }
  return (
    <>
      <button
        type="button"
        className="button button-danger"
        disabled={reset.isPending}
        onClick={() => reset.mutate(member.id, { onError, onSettled: () => setConfirming(false) })}
      >
        {t('staff.resetTwoFactor.confirm', { name: who })}
      </button>
      <button type="button" className="text-button" onClick={() => setConfirming(false)}>
        {t('staff.resetTwoFactor.cancel')}
      </button>
    </>
  );
}
