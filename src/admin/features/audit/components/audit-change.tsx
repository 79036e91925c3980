import { useTranslation } from 'react-i18next';
import { formatCents } from '#shared/money';
import { orderStatusName } from '#shared/schemas/order.rules';
import { isStaffRole } from '#shared/schemas/staff.rules';
import { useWhen } from '../../../api/me';
import { type AuditEntry, changedFields } from '../api/audit';

/** before → after of the fields an entry changed, each value as staff read it (a status, an amount, a date). */
export function AuditChange({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const changes = changedFields(entry.before, entry.after);
  if (changes.length === 0) return null;
  return (
    <ul className="admin-diff">
      {changes.map((change) => (
        <li key={change.field}>
          {t(`audit.fields.${change.field}`, { defaultValue: change.field })}:{' '}
          {change.before === undefined ? null : (
            <>
              <del>
                <Value field={change.field} value={change.before} />
              </del>{' '}
              →{' '}
            </>
          )}
          <ins>
            <Value field={change.field} value={change.after} />
          </ins>
        </li>
      ))}
    </ul>
  );
}

function Value({ field, value }: { field: string; value: unknown }) {
  const { t } = useTranslation();
  const when = useWhen();
  if (value === null || value === undefined || value === '') return <>{t('audit.values.none')}</>;
  if (typeof value === 'boolean') {
    if (field === 'disabled') return <>{t(value ? 'customers.state.disabled' : 'customers.state.active')}</>;
    return <>{t(value ? 'audit.values.yes' : 'audit.values.no')}</>;
  }
  if (typeof value === 'number' && field.endsWith('_cents')) return <>{formatCents(value)}</>;
  if (field === 'status' && typeof value === 'number') {
    const name = orderStatusName(value);
    return <>{name ? t(`customers.status.${name}`) : value}</>;
  }
  if (field === 'role' && isStaffRole(value)) return <>{t(`roles.${value}`)}</>;
  if (typeof value === 'string' && field.endsWith('_at')) return <>{when(value)}</>;
  return <>{typeof value === 'object' ? JSON.stringify(value) : String(value)}</>;
}
