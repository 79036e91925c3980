import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { can } from '#shared/schemas/staff.rules';
import { Loading } from '#web/components/ui/loading';
import { useStaff, useWhen } from '../../../api/me';
import { Pager } from '../../../components/ui/pager';
import { Forbidden, LoadError } from '../../../components/ui/states';
import { useLanguage } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';
import { customerUrl } from '../../../lib/urls/customers';
import { orderUrl } from '../../../lib/urls/orders';
import { productPath } from '../../../lib/urls/products';
import { promoPath } from '../../../lib/urls/promotions';
import { AUDIT_PAGE_SIZE, type AuditEntry, auditQueryOptions } from '../api/audit';
import { actionSentence } from '../api/audit-sentences';
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
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
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
      from: values.from || undefined,
      to: values.to || undefined,
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
    if (next.from) search.from = next.from;
    if (next.to) search.to = next.to;
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
                    <th scope="row">{actionSentence(entry, t)}</th>
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

/** What was changed: its kind and its name (as recorded, once it is gone), linked to its page. */
function Target({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const type = t(`audit.targets.${entry.targetType}`, { defaultValue: entry.targetType });
  if (!entry.targetId) return <>{type}</>;
  if (entry.targetType === 'delivery' && (entry.targetId === 'terms' || entry.targetId === 'slots'))
    return <>{t(`audit.delivery.${entry.targetId}`)}</>;
  if (entry.targetType === 'product' && entry.targetId === 'import') return <>{t('audit.importTarget')}</>;
  const page = pageOf(entry);
  const name = language === 'zh' ? (entry.targetNameZh ?? entry.targetName) : entry.targetName;
  const label = name || `#${entry.targetId}`;
  return (
    <>
      {type} {page ? <Link to={page}>{label}</Link> : label}
    </>
  );
}

/** The console page of an entry's target, where it has one. */
function pageOf(entry: AuditEntry): string | null {
  const id = entry.targetId ?? '';
  switch (entry.targetType) {
    case 'order':
      return orderUrl(id);
    case 'customer':
      return customerUrl(id);
    case 'product':
      return /^\d+$/.test(id) ? productPath(id) : null;
    case 'promotion':
      return /^\d+$/.test(id) ? promoPath('promotions', id) : null;
    case 'coupon':
      return /^\d+$/.test(id) ? promoPath('coupons', id) : null;
    default:
      return null;
  }
}
