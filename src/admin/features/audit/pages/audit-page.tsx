import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { can } from '#shared/schemas/staff.rules';
import { Loading } from '#web/components/ui/loading';
import { useStaff, useWhen } from '../../../api/me';
import { Pager } from '../../../components/ui/pager';
import { Forbidden, LoadError } from '../../../components/ui/states';
import { usePageTitle } from '../../../lib/page-title';
import { customerUrl } from '../../../lib/urls/customers';
import { orderUrl } from '../../../lib/urls/orders';
import { AUDIT_PAGE_SIZE, type AuditEntry, auditQueryOptions } from '../api/audit';
import { AuditChange } from '../components/audit-change';
import { AuditFilters, type AuditFilterValues } from '../components/audit-filters';
import '../../../components/ui/lists.css';

/** Every staff change, newest first, paged and filtered on the server (`audit.view`). */
export function AuditPage() {
  const { t } = useTranslation();
  const when = useWhen();
  usePageTitle(t('audit.title'));
  const me = useStaff();
  const allowed = can(me.role, 'audit.view');
  const [params, setParams] = useSearchParams();
  const values: AuditFilterValues = {
    staff: params.get('staff') ?? '',
    targetType: params.get('target_type') ?? '',
    targetId: params.get('target_id') ?? '',
  };
  const page = Math.max(1, Number(params.get('page')) || 1);
  const staffId = Number(values.staff);
  const log = useQuery({
    ...auditQueryOptions({
      page,
      staff: Number.isInteger(staffId) && staffId > 0 ? staffId : undefined,
      target: values.targetType
        ? `${values.targetType}${values.targetId ? `:${values.targetId}` : ''}`
        : undefined,
    }),
    enabled: allowed,
  });
  // The staff the log has named, to offer as a filter (managers may not list the team).
  const seen = useRef(new Map<number, string>()).current;
  for (const entry of log.data?.list ?? []) if (entry.staffId !== null) seen.set(entry.staffId, whoOf(entry));

  if (!allowed) return <Forbidden />;
  const setFilter = (next: AuditFilterValues, nextPage = 1) => {
    const search: Record<string, string> = {};
    if (next.staff) search.staff = next.staff;
    if (next.targetType) search.target_type = next.targetType;
    if (next.targetType && next.targetId) search.target_id = next.targetId;
    if (nextPage > 1) search.page = String(nextPage);
    setParams(search);
  };
  return (
    <section className="admin-page">
      <h1>{t('audit.title')}</h1>
      <AuditFilters key={params.toString()} value={values} seen={seen} onChange={(next) => setFilter(next)} />
      {log.isPending ? (
        <Loading />
      ) : log.isError ? (
        <LoadError error={log.error} retry={() => void log.refetch()} />
      ) : log.data.list.length === 0 ? (
        <p className="admin-state">{t('audit.empty')}</p>
      ) : (
        <>
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption className="visually-hidden">{t('audit.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('audit.columns.when')}</th>
                  <th scope="col">{t('audit.columns.who')}</th>
                  <th scope="col">{t('audit.columns.action')}</th>
                  <th scope="col">{t('audit.columns.target')}</th>
                  <th scope="col">{t('audit.columns.change')}</th>
                </tr>
              </thead>
              <tbody>
                {log.data.list.map((entry) => (
                  <tr key={entry.id}>
                    <td>{when(entry.at)}</td>
                    <td>{whoOf(entry) || t('audit.removedStaff')}</td>
                    <th scope="row">{t(`audit.actions.${entry.action}`, { defaultValue: entry.action })}</th>
                    <td>
                      <Target entry={entry} />
                    </td>
                    <td>
                      <AuditChange entry={entry} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={page}
            pageSize={AUDIT_PAGE_SIZE}
            total={log.data.total}
            texts="audit"
            onPage={(next) => setFilter(values, next)}
          />
        </>
      )}
    </section>
  );
}

const whoOf = (entry: AuditEntry) => entry.staffName || entry.staffEmail || '';

/** What was changed: its kind, and a link to its page where the console has one. */
function Target({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const type = t(`audit.targets.${entry.targetType}`, { defaultValue: entry.targetType });
  if (!entry.targetId) return <>{type}</>;
  const page =
    entry.targetType === 'order'
      ? orderUrl(entry.targetId)
      : entry.targetType === 'customer'
        ? customerUrl(entry.targetId)
        : null;
  const label = entry.targetName || (entry.targetType === 'staff' ? `#${entry.targetId}` : entry.targetId);
  return (
    <>
      {type} {page ? <Link to={page}>{label}</Link> : label}
    </>
  );
}
