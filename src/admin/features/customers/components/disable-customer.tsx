import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '#shared/schemas/staff.rules';
import { useStaff } from '../../../api/me';
import { FormError } from '../../../components/ui/states';
import { type Customer, useSetDisabled } from '../api/customers';

/**
 * Disable (after a confirmation that says their sessions end) or enable the account
 * (`customers.manage`); a refusal shows the server's message.
 */
export function DisableCustomer({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const setDisabled = useSetDisabled(customer.uuid);
  const [confirming, setConfirming] = useState(false);
  if (!can(staff.role, 'customers.manage')) return null;
  const who = customer.name || customer.email;
  return (
    <div className="admin-panel">
      <h2>{t('customers.account.title')}</h2>
      {customer.disabled ? (
        <>
          <p className="admin-hint">{t('customers.account.disabledHint')}</p>
          <div className="admin-actions">
            <button
              type="button"
              className="button"
              disabled={setDisabled.isPending}
              onClick={() => setDisabled.mutate(false)}
            >
              {t('customers.account.enable')}
            </button>
          </div>
        </>
      ) : confirming ? (
        <>
          <p role="alert">{t('customers.account.confirmText', { name: who })}</p>
          <div className="admin-actions">
            <button
              type="button"
              className="button button-danger"
              disabled={setDisabled.isPending}
              onClick={() => setDisabled.mutate(true, { onSettled: () => setConfirming(false) })}
            >
              {t('customers.account.confirm', { name: who })}
            </button>
            <button type="button" className="text-button" onClick={() => setConfirming(false)}>
              {t('customers.account.cancel')}
            </button>
          </div>
        </>
      ) : (
        <div className="admin-actions">
          <button type="button" className="button button-secondary" onClick={() => setConfirming(true)}>
            {t('customers.account.disable')}
          </button>
        </div>
      )}
      <FormError error={setDisabled.error} />
    </div>
  );
}
