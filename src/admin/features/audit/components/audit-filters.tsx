import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_TARGET_TYPES } from '#shared/schemas/audit.rules';
import { can } from '#shared/schemas/staff.rules';
import { useStaff } from '../../../api/me';
import { DateRangeField } from '../../../components/ui/date-range-field';
import { Field, SelectField } from '../../../components/ui/field';
import { teamQueryOptions } from '../api/audit';

export interface AuditFilterValues {
  staff: string;
  targetType: string;
  targetId: string;
  /** Days, `YYYY-MM-DD` ('' for open). */
  from: string;
  to: string;
}

/**
 * Who did it and to what. The staff to choose from: the whole team for an owner (who may list it),
 * else those the log has shown so far (`seen`).
 */
export function AuditFilters({
  value,
  seen,
  onChange,
}: {
  value: AuditFilterValues;
  seen: Map<number, string>;
  onChange: (value: AuditFilterValues) => void;
}) {
  const { t } = useTranslation();
  const me = useStaff();
  const team = useQuery({ ...teamQueryOptions(), enabled: can(me.role, 'staff.manage') });
  const [draft, setDraft] = useState(value);
  const people = new Map(seen);
  for (const member of team.data ?? []) people.set(member.id, member.name || member.email);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...draft, targetId: draft.targetType ? draft.targetId.trim() : '' });
  };
  return (
    <form className="admin-search" aria-label={t('audit.filter.label')} onSubmit={submit}>
      <SelectField
        label={t('audit.filter.staff')}
        value={draft.staff}
        onChange={(event) => setDraft({ ...draft, staff: event.target.value })}
      >
        <option value="">{t('audit.filter.everyone')}</option>
        {[...people].map(([id, name]) => (
          <option key={id} value={String(id)}>
            {name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('audit.filter.target')}
        value={draft.targetType}
        onChange={(event) => setDraft({ ...draft, targetType: event.target.value })}
      >
        <option value="">{t('audit.filter.anything')}</option>
        {AUDIT_TARGET_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`audit.targets.${type}`)}
          </option>
        ))}
      </SelectField>
      <Field
        label={t('audit.filter.targetId')}
        value={draft.targetId}
        maxLength={80}
        disabled={!draft.targetType}
        onChange={(event) => setDraft({ ...draft, targetId: event.target.value })}
      />
      <DateRangeField
        defaultValue={{ from: draft.from, to: draft.to }}
        onChange={(range) => setDraft((before) => ({ ...before, ...range }))}
      />
      <button type="submit" className="button">
        {t('audit.filter.submit')}
      </button>
    </form>
  );
}
