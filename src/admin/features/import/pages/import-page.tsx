import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IMPORT_LIMITS, PRODUCT_CSV_COLUMNS } from '#shared/schemas/product-import.rules';
import { can } from '#shared/schemas/staff.rules';
import { useStaff } from '../../../api/me';
import { Forbidden, FormError } from '../../../components/ui/states';
import { messageOf } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';
import { productListPath } from '../../../lib/urls/products';
import { downloadProductsCsv, type ImportReport, useImportProducts } from '../api/import';
import { ImportReportView } from '../components/import-report';
import '../import.css';

/**
 * Products in and out as CSV: export every product; choose a file, check it (a dry run lists the
 * rows in error and what would change), then import it all at once.
 */
export function ImportPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  usePageTitle(t('import.title'));
  const staff = useStaff();
  // The file as chosen, sent as its bytes: reading it here would take a GBK file for UTF-8.
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const run = useImportProducts();
  if (!can(staff.role, 'catalogue.manage')) return <Forbidden />;

  const choose = (chosen: File | undefined) => {
    setReport(null);
    run.reset();
    setTooLarge(Boolean(chosen && chosen.size > IMPORT_LIMITS.bytes));
    setFile(chosen && chosen.size <= IMPORT_LIMITS.bytes ? chosen : null);
  };
  const send = (dryRun: boolean) => {
    if (!file) return;
    run.mutate({ csv: file, dryRun }, { onSuccess: setReport });
  };
  const checked = report !== null && !report.applied;
  const canImport = checked && report.errorCount === 0 && report.created + report.updated > 0;

  return (
    <section className="admin-page import-page">
      <h1>{t('import.title')}</h1>
      <div className="import-export">
        <h2>{t('import.export.title')}</h2>
        <p className="admin-hint">{t('import.export.hint')}</p>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            setExportError(null);
            downloadProductsCsv().catch((error) => setExportError(messageOf(error, t)));
          }}
        >
          {t('import.export.button')}
        </button>
        {exportError ? <p role="alert">{exportError}</p> : null}
      </div>
      <div className="import-form">
        <h2>{t('import.file.title')}</h2>
        <p className="admin-hint">{t('import.file.hint', { max: IMPORT_LIMITS.rows })}</p>
        <details className="import-columns">
          <summary>{t('import.file.columns')}</summary>
          <code>{PRODUCT_CSV_COLUMNS.join(',')}</code>
        </details>
        <label className="field">
          <span>{t('import.file.choose')}</span>
          <input type="file" accept=".csv,text/csv" onChange={(e) => choose(e.target.files?.[0])} />
        </label>
        {tooLarge ? <p role="alert">{t('import.file.tooLarge')}</p> : null}
        <div className="admin-actions">
          <button
            type="button"
            className="button button-secondary"
            disabled={!file || run.isPending}
            onClick={() => send(true)}
          >
            {t('import.file.check')}
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={!canImport || run.isPending}
            onClick={() => send(false)}
          >
            {t('import.file.import')}
          </button>
        </div>
        {run.isPending ? <p role="status">{t('import.file.working')}</p> : null}
        {run.isError ? <FormError error={run.error} /> : null}
      </div>
      {report?.applied ? (
        <p className="admin-notice" role="status">
          {t('import.done', { created: report.created, updated: report.updated })}{' '}
          <Link to={productListPath}>{t('import.toProducts')}</Link>
        </p>
      ) : null}
      {checked && report.errorCount === 0 && report.created + report.updated === 0 ? (
        <p className="admin-notice" role="status">
          {t('import.nothing')}
        </p>
      ) : null}
      {report ? <ImportReportView report={report} language={language} /> : null}
    </section>
  );
}
