import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  STOCK_NOTE_MAX,
  STOCK_REASONS,
  type StockReason,
  thresholdProblem,
} from '#shared/schemas/stock.rules';
import { Loading } from '#web/components/ui/loading';
import { Field } from '../../../components/ui/field';
import { FormError, LoadError } from '../../../components/ui/states';
import { productStockQueryOptions, useSaveStock, useSetThreshold } from '../api/stock';
import { typedNumber, typedProblem } from '../lib/stock-view';
import { Movements } from './movements';
import { StockLevel } from './stock-level';
import '../stock.css';

/**
 * One product's stock beside its editor (the contract's StockPanel): the stock and threshold, a
 * form to receive, write off or count with a note, and the movements with who and why.
 */
export function StockPanel({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const id = useId();
  const [page, setPage] = useState(1);
  const stock = useQuery(productStockQueryOptions(productId, page));
  return (
    <section className="admin-panel stock-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('stock.panel.title')}</h2>
      {stock.isPending ? (
        <Loading />
      ) : stock.isError ? (
        <LoadError error={stock.error} retry={() => void stock.refetch()} />
      ) : (
        <>
          <dl className="admin-facts">
            <dt>{t('stock.fields.stock')}</dt>
            <dd>
              <StockLevel row={stock.data} />
            </dd>
            <dt>{t('stock.fields.threshold')}</dt>
            <dd>{stock.data.low_stock_threshold}</dd>
            <dt>{t('stock.fields.sold')}</dt>
            <dd>{stock.data.sold_count}</dd>
          </dl>
          <div className="stock-forms">
            <ChangeForm productId={productId} onSaved={() => setPage(1)} />
            <ThresholdForm productId={productId} current={stock.data.low_stock_threshold} />
          </div>
          <h3>{t('stock.movements.title')}</h3>
          <Movements movements={stock.data.movements} onPage={setPage} />
        </>
      )}
    </section>
  );
}

function ChangeForm({ productId, onSaved }: { productId: number; onSaved: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSaveStock();
  const [reason, setReason] = useState<StockReason>('received');
  const [quantity, setQuantity] = useState('');
  const [note, setNote] = useState('');
  const [checked, setChecked] = useState(false);
  const [saved, setSaved] = useState(false);
  const problem = typedProblem(reason, quantity);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    setSaved(false);
    if (problem) return;
    save.mutate([{ productId, reason, quantity: typedNumber(quantity), note: note.trim() }], {
      onSuccess: () => {
        setQuantity('');
        setNote('');
        setChecked(false);
        setSaved(true);
        onSaved();
      },
    });
  };
  return (
    <form className="stock-change" aria-label={t('stock.panel.change')} onSubmit={submit} noValidate>
      <h3>{t('stock.panel.change')}</h3>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-reason`}>
          {t('stock.fields.reason')}
        </label>
        <select
          id={`${id}-reason`}
          className="input"
          value={reason}
          onChange={(event) => setReason(event.target.value as StockReason)}
        >
          {STOCK_REASONS.map((r) => (
            <option key={r} value={r}>
              {t(`stock.reasons.${r}`)}
            </option>
          ))}
        </select>
      </div>
      <Field
        label={t(`stock.quantity.${reason}`)}
        inputMode="numeric"
        value={quantity}
        onChange={(event) => setQuantity(event.target.value)}
        problem={checked && problem ? t(problem) : undefined}
      />
      <Field
        label={t('stock.fields.note')}
        value={note}
        maxLength={STOCK_NOTE_MAX}
        onChange={(event) => setNote(event.target.value)}
      />
      <FormError error={save.error} />
      <button type="submit" className="button button-primary" disabled={save.isPending}>
        {t('stock.panel.save')}
      </button>
      {saved ? (
        <p className="admin-hint" role="status">
          {t('stock.panel.saved')}
        </p>
      ) : null}
    </form>
  );
}

function ThresholdForm({ productId, current }: { productId: number; current: number }) {
  const { t } = useTranslation();
  const save = useSetThreshold(productId);
  const [value, setValue] = useState(String(current));
  const [checked, setChecked] = useState(false);
  const problem = thresholdProblem(value) ? 'stock.problems.threshold' : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (problem) return;
    save.mutate(typedNumber(value), { onSuccess: () => setChecked(false) });
  };
  return (
    <form className="stock-threshold" aria-label={t('stock.panel.threshold')} onSubmit={submit} noValidate>
      <h3>{t('stock.panel.threshold')}</h3>
      <Field
        label={t('stock.fields.threshold')}
        inputMode="numeric"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        problem={checked && problem ? t(problem) : undefined}
      />
      <p className="admin-hint">{t('stock.panel.thresholdHint')}</p>
      <FormError error={save.error} />
      <button type="submit" className="button button-secondary" disabled={save.isPending}>
        {t('stock.panel.saveThreshold')}
      </button>
    </form>
  );
}
