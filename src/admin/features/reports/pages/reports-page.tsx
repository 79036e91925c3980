import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatCents } from '#shared/money';
import { can } from '#shared/schemas/staff.rules';
import { Loading } from '#web/components/ui/loading';
import { useStaff } from '../../../api/me';
import { Forbidden, LoadError } from '../../../components/ui/states';
import { messageOf } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { downloadReportCsv, type Report, type ReportExport, reportQueryOptions } from '../api/reports';
import { DailyChart } from '../components/daily-chart';
import { RangePicker } from '../components/range-picker';
import { DaysTable, GoodsTable, MethodsTable, TaxTable } from '../components/report-tables';
import '../../../components/ui/lists.css';
import '../reports.css';

/** The owner's books over a range of days (`sales.view`): totals, a chart of daily net, tables, CSV. */
export function ReportsPage() {
  const { t } = useTranslation();
  usePageTitle(t('reports.title'));
  const me = useStaff();
  const allowed = can(me.role, 'sales.view');
  const [params, setParams] = useSearchParams();
  const asked = { from: params.get('from') ?? undefined, to: params.get('to') ?? undefined };
  const report = useQuery({ ...reportQueryOptions(asked), enabled: allowed });
  const [exportError, setExportError] = useState('');
  const daysId = useId();
  if (!allowed) return <Forbidden />;
  const range = report.data
    ? { from: report.data.from, to: report.data.to }
    : { from: asked.from ?? '', to: asked.to ?? '' };
  const onExport = (kind: ReportExport) => {
    setExportError('');
    downloadReportCsv(kind, range).catch((error) => setExportError(messageOf(error, t)));
  };
  return (
    <section className="admin-page">
      <h1>{t('reports.title')}</h1>
      <RangePicker
        range={range}
        today={report.data?.today ?? range.to}
        onChange={(next) => setParams({ from: next.from, to: next.to })}
      />
      {report.isPending ? (
        <Loading />
      ) : report.isError ? (
        <LoadError error={report.error} retry={() => void report.refetch()} />
      ) : (
        <>
          <Totals report={report.data} />
          <div className="report-exports">
            <button type="button" className="button button-secondary" onClick={() => onExport('orders')}>
              {t('reports.export.orders')}
            </button>
            <button type="button" className="button button-secondary" onClick={() => onExport('refunds')}>
              {t('reports.export.refunds')}
            </button>
          </div>
          {exportError ? <p role="alert">{exportError}</p> : null}
          <div className="report-daily">
            <DailyChart report={report.data} tableId={daysId} />
            <DaysTable report={report.data} onExport={onExport} id={daysId} />
          </div>
          <div className="report-tables">
            <MethodsTable report={report.data} onExport={onExport} />
            <TaxTable report={report.data} onExport={onExport} />
            <GoodsTable report={report.data} by="categories" onExport={onExport} />
            <GoodsTable report={report.data} by="products" onExport={onExport} />
          </div>
        </>
      )}
    </section>
  );
}

/** The range's totals, in the order they add up: gross − discounts + fees + tax = collected − refunds = net. */
function Totals({ report }: { report: Report }) {
  const { t } = useTranslation();
  const x = report.totals;
  const rows: [string, string][] = [
    ['orders', String(x.orders)],
    ['gross', formatCents(x.grossCents)],
    ['discounts', formatCents(-x.discountCents)],
    ['fees', formatCents(x.feeCents)],
    ['tax', formatCents(x.taxCents)],
    ['collected', formatCents(x.collectedCents)],
    ['refunds', formatCents(-x.refundCents)],
    ['net', formatCents(x.netCents)],
  ];
  return (
    <section className="admin-panel" aria-labelledby="report-totals">
      <h2 id="report-totals">{t('reports.totals', { from: report.from, to: report.to })}</h2>
      <dl className="admin-facts report-totals">
        {rows.map(([key, value]) => (
          <div key={key} className={key === 'net' || key === 'collected' ? 'is-sum' : undefined}>
            <dt>{t(`reports.columns.${key}`)}</dt>
            <dd className="admin-figure">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="admin-hint">{t('reports.hint', { zone: report.timeZone })}</p>
    </section>
  );
}
