import { useTranslation } from 'react-i18next';
import type { Language } from '#shared/constants';
import type { ImportReport } from '../api/import';

/** What a dry run found (or an import did): counts, the rows in error, and the changes. */
export function ImportReportView({ report, language }: { report: ImportReport; language: Language }) {
  const { t } = useTranslation();
  return (
    <div className="import-report">
      <p className="admin-hint" role="status">
        {t('import.report.counts', {
          rows: report.rows,
          created: report.created,
          updated: report.updated,
          unchanged: report.unchanged,
        })}
      </p>
      {report.errorCount > 0 ? (
        <>
          <h2>{t('import.report.errors', { count: report.errorCount })}</h2>
          <RowTable rows={report.errors} caption={t('import.report.errors', { count: report.errorCount })} />
        </>
      ) : null}
      {report.warnings.length > 0 ? (
        <>
          <h2>{t('import.report.warnings')}</h2>
          <RowTable rows={report.warnings} caption={t('import.report.warnings')} />
        </>
      ) : null}
      {report.changes.length > 0 ? (
        <>
          <h2>{t('import.report.changes')}</h2>
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption className="visually-hidden">{t('import.report.changes')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('import.report.line')}</th>
                  <th scope="col">{t('import.report.action')}</th>
                  <th scope="col">{t('import.report.product')}</th>
                  <th scope="col">{t('import.report.fields')}</th>
                </tr>
              </thead>
              <tbody>
                {report.changes.map((c) => (
                  <tr key={c.row}>
                    <td>{c.row}</td>
                    <td>{t(`import.report.${c.action}`)}</td>
                    <th scope="row">{language === 'zh' ? c.zn_name : c.en_name}</th>
                    <td>{c.fields.join(', ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </div>
  );
}

function RowTable({ rows, caption }: { rows: ImportReport['errors']; caption: string }) {
  const { t } = useTranslation();
  return (
    <div className="admin-table-wrap">
      <table className="admin-table import-errors">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('import.report.line')}</th>
            <th scope="col">{t('import.report.column')}</th>
            <th scope="col">{t('import.report.message')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((e) => (
            <tr key={`${e.row}:${e.column}:${e.message}`}>
              <td>{e.row}</td>
              <td>{e.column}</td>
              <td>{e.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
