import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '#shared/money';
import { useLanguage } from '../../../lib/i18n';
import type { Report, ReportExport } from '../api/reports';

/** One table of the report, with its caption and the button that saves it as CSV. */
function ReportTable({
  title,
  kind,
  onExport,
  head,
  children,
  id,
}: {
  title: string;
  kind: ReportExport;
  onExport: (kind: ReportExport) => void;
  head: string[];
  children: ReactNode;
  id?: string;
}) {
  const { t } = useTranslation();
  return (
    <section className="admin-panel report-table">
      <div className="report-table-head">
        <h2>{title}</h2>
        <button type="button" className="button button-secondary" onClick={() => onExport(kind)}>
          {t('reports.export.csv')}
        </button>
      </div>
      <div className="admin-table-wrap">
        <table className="admin-table" id={id}>
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              {head.map((h, i) => (
                <th key={h} scope="col" className={i === 0 ? undefined : 'is-number'}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
    </section>
  );
}

const money = (cents: number) => <td className="is-number">{formatCents(cents)}</td>;

export function DaysTable({
  report,
  onExport,
  id,
}: {
  report: Report;
  onExport: (kind: ReportExport) => void;
  id: string;
}) {
  const { t } = useTranslation();
  const c = (k: string) => t(`reports.columns.${k}`);
  return (
    <ReportTable
      id={id}
      title={t('reports.byDay')}
      kind="days"
      onExport={onExport}
      head={[c('date'), c('orders'), c('gross'), c('discounts'), c('fees'), c('tax'), c('refunds'), c('net')]}
    >
      {report.byDay.map((d) => (
        <tr key={d.date}>
          <th scope="row">{d.date}</th>
          <td className="is-number">{d.orders}</td>
          {money(d.grossCents)}
          {money(d.discountCents)}
          {money(d.feeCents)}
          {money(d.taxCents)}
          {money(d.refundCents)}
          {money(d.netCents)}
        </tr>
      ))}
    </ReportTable>
  );
}

export function MethodsTable({
  report,
  onExport,
}: {
  report: Report;
  onExport: (kind: ReportExport) => void;
}) {
  const { t } = useTranslation();
  const c = (k: string) => t(`reports.columns.${k}`);
  return (
    <ReportTable
      title={t('reports.byMethod')}
      kind="methods"
      onExport={onExport}
      head={[c('method'), c('orders'), c('collected'), c('refunds'), c('net')]}
    >
      {report.byMethod.map((m) => (
        <tr key={m.method}>
          <th scope="row">{t(`reports.method.${m.method}`, { defaultValue: m.method })}</th>
          <td className="is-number">{m.orders}</td>
          {money(m.collectedCents)}
          {money(m.refundCents)}
          {money(m.netCents)}
        </tr>
      ))}
    </ReportTable>
  );
}

export function TaxTable({ report, onExport }: { report: Report; onExport: (kind: ReportExport) => void }) {
  const { t } = useTranslation();
  const c = (k: string) => t(`reports.columns.${k}`);
  return (
    <ReportTable
      title={t('reports.byTax')}
      kind="taxes"
      onExport={onExport}
      head={[c('rate'), c('taxable'), c('tax')]}
    >
      {report.taxByRate.map((r) => (
        <tr key={r.ratePpm}>
          <th scope="row">{`${r.ratePpm / 10_000} %`}</th>
          {money(r.taxableCents)}
          {money(r.taxCents)}
        </tr>
      ))}
    </ReportTable>
  );
}

export function GoodsTable({
  report,
  by,
  onExport,
}: {
  report: Report;
  by: 'products' | 'categories';
  onExport: (kind: ReportExport) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const c = (k: string) => t(`reports.columns.${k}`);
  const rows =
    by === 'products'
      ? report.byProduct.map((p) => ({ ...p, id: p.uuid }))
      : report.byCategory.map((g) => ({ ...g, id: g.key }));
  return (
    <ReportTable
      title={t(by === 'products' ? 'reports.byProduct' : 'reports.byCategory')}
      kind={by}
      onExport={onExport}
      head={[c(by === 'products' ? 'product' : 'category'), c('quantity'), c('gross')]}
    >
      {rows.map((r) => (
        <tr key={r.id}>
          <th scope="row">{language === 'zh' ? r.znName : r.enName}</th>
          <td className="is-number">{r.quantity}</td>
          {money(r.grossCents)}
        </tr>
      ))}
    </ReportTable>
  );
}
