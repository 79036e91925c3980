import { useTranslation } from 'react-i18next';
import type { Customer } from '../api/customers';

/** "Active" or "Disabled", as a tag. */
export function AccountState({ customer }: { customer: Pick<Customer, 'disabled'> }) {
  const { t } = useTranslation();
  return (
    <span className={customer.disabled ? 'tag is-disabled' : 'tag'}>
      {customer.disabled ? t('customers.state.disabled') : t('customers.state.active')}
    </span>
  );
}
