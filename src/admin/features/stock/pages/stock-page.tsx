import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { can } from '#shared/schemas/staff.rules';
import { STOCK_PAGE_SIZE } from '#shared/schemas/stock.rules';
import { Loading } from '#web/components/ui/loading';
import { useStaff } from '../../../api/me';
import { Pager } from '../../../components/ui/pager';
import { Forbidden, FormError, LoadError } from '../../../components/ui/states';
import { ApiError } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';
import { stockPath } from '../../../lib/urls/stock';
import { type StockFilter, type StockRow, stockGridQueryOptions, useSaveStock } from '../api/stock';
import { StockFilters } from '../components/stock-filters';
import { StockLevel } from '../components/stock-level';
import { changesOf, type Drafts, type RowDraft } from '../lib/grid-drafts';
import { nameIn } from '../lib/stock-view';
import '../../../components/ui/lists.css';
import '../stock.css';

const asFilter = (value: string | null): StockFilter => (value === 'low' || value === 'out' ? value : '');

/**
 * The stock grid (`catalogue.manage`): many products at once — type a new count or a received
 * amount on any rows, one Save for all (all or nothing), each row's problem under it.
 */
export function StockPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  usePageTitle(t('stock.title'));
  const staff = useStaff();
  const allowed = can(staff.role, 'catalogue.manage');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const filter = asFilter(params.get('filter'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const grid = useQuery({ ...stockGridQueryOptions(q, filter, page), enabled: allowed });
  const save = useSaveStock();
  const [drafts, setDrafts] = useState<Drafts>({});
  const [problems, setProblems] = useState<Record<number, string>>({});
  const [rowError, setRowError] = useState<{ productId: number; message: string } | null>(null);
  const [notice, setNotice] = useState('');

  if (!allowed) return <Forbidden />;
  const edit = (productId: number, field: keyof RowDraft, value: string) => {
    setDrafts((all) => ({
      ...all,
      [productId]: { count: '', received: '', ...all[productId], [field]: value },
    }));
    setNotice('');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = changesOf(drafts);
    setProblems(found.problems);
    setRowError(null);
    save.reset();
    if (Object.keys(found.problems).length > 0) return setNotice(t('stock.grid.rowProblems'));
    if (found.changes.length === 0) return setNotice(t('stock.grid.nothing'));
    setNotice('');
    save.mutate(found.changes, {
      onSuccess: (done) => {
        setDrafts({});
        setNotice(t('stock.grid.saved', { count: done.changes.length }));
      },
      onError: (error) => {
        const row = error instanceof ApiError ? error.data?.row : undefined;
        const change = typeof row === 'number' ? found.changes[row] : undefined;
        if (change) setRowError({ productId: change.productId, message: error.message });
        setNotice(t('stock.grid.rowProblems'));
      },
    });
  };
  const problemOf = (productId: number) =>
    problems[productId]
      ? t(problems[productId])
      : rowError?.productId === productId
        ? rowError.message
        : undefined;
  const toPage = (next: number) =>
    setParams({ ...(q ? { q } : {}), ...(filter ? { filter } : {}), page: String(next) });
  const typed = changesOf(drafts).changes.length;
  return (
    <section className="admin-page">
      <h1>{t('stock.title')}</h1>
      <p className="admin-hint">{t('stock.hint')}</p>
      <StockFilters q={q} filter={filter} onApply={(next) => setParams(next)} />
      {grid.isPending ? (
        <Loading />
      ) : grid.isError ? (
        <LoadError error={grid.error} retry={() => void grid.refetch()} />
      ) : grid.data.items.length === 0 ? (
        <p className="admin-state">{q || filter ? t('stock.none') : t('stock.empty')}</p>
      ) : (
        <form onSubmit={submit} noValidate aria-label={t('stock.title')}>
          <p className="admin-hint" role="status">
            {t('stock.count', { count: grid.data.total })}
          </p>
          <div className="admin-table-wrap">
            <table className="admin-table stock-grid">
              <caption className="visually-hidden">{t('stock.title')}</caption>
              <thead>
                <tr>
                  <th scope="col" className="stock-picture-cell">
                    <span className="visually-hidden">{t('stock.fields.picture')}</span>
                  </th>
                  <th scope="col">{t('stock.fields.product')}</th>
                  <th scope="col">{t('stock.fields.stock')}</th>
                  <th scope="col">{t('stock.fields.threshold')}</th>
                  <th scope="col">{t('stock.fields.sold')}</th>
                  <th scope="col">{t('stock.fields.newCount')}</th>
                  <th scope="col">{t('stock.fields.received')}</th>
                </tr>
              </thead>
              <tbody>
                {grid.data.items.map((row) => (
                  <GridRow
                    key={row.id}
                    row={row}
                    name={nameIn(row, language)}
                    draft={drafts[row.id]}
                    problem={problemOf(row.id)}
                    onEdit={edit}
                  />
                ))}
              </tbody>
            </table>
          </div>
          <div className="stock-save">
            <button type="submit" className="button button-primary" disabled={save.isPending}>
              {save.isPending ? t('stock.grid.saving') : t('stock.grid.save')}
            </button>
            {typed > 0 ? (
              <span className="admin-hint">{t('stock.grid.changed', { count: typed })}</span>
            ) : null}
          </div>
          {rowError ? null : <FormError error={save.error} />}
          <Pager
            page={page}
            pageSize={STOCK_PAGE_SIZE}
            total={grid.data.total}
            texts="stock"
            onPage={toPage}
          />
        </form>
      )}
      {/* Outside the list: a saved row may leave a filtered list (received stock is no longer
          "out"), and the message must stay. */}
      {notice ? (
        <p className="admin-hint" role="status">
          {notice}
        </p>
      ) : null}
    </section>
  );
}

function GridRow({
  row,
  name,
  draft,
  problem,
  onEdit,
}: {
  row: StockRow;
  name: string;
  draft: RowDraft | undefined;
  problem: string | undefined;
  onEdit: (productId: number, field: keyof RowDraft, value: string) => void;
}) {
  const { t } = useTranslation();
  const problemId = `stock-row-${row.id}-problem`;
  const input = (field: keyof RowDraft, label: string) => (
    <input
      className="input"
      inputMode="numeric"
      aria-label={label}
      aria-invalid={problem ? true : undefined}
      aria-describedby={problem ? problemId : undefined}
      value={draft?.[field] ?? ''}
      onChange={(event) => onEdit(row.id, field, event.target.value)}
    />
  );
  return (
    <tr>
      <td className="stock-picture-cell">
        {row.product_image ? (
          <img
            className="stock-picture"
            src={row.product_image}
            alt=""
            width={48}
            height={48}
            loading="lazy"
          />
        ) : null}
      </td>
      <th scope="row">
        <Link to={stockPath(row.id)} title={t('stock.grid.edit')}>
          {name}
        </Link>
        {problem ? (
          <p id={problemId} className="field-problem" role="alert">
            {problem}
          </p>
        ) : null}
      </th>
      <td>
        <StockLevel row={row} />
      </td>
      <td>{row.low_stock_threshold}</td>
      <td>{row.sold_count}</td>
      <td>{input('count', t('stock.grid.newCountOf', { name }))}</td>
      <td>{input('received', t('stock.grid.receivedOf', { name }))}</td>
    </tr>
  );
}
