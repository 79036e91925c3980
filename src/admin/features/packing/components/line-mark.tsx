import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '#shared/money';
import { centsOf } from '#web/lib/money';
import { FormError } from '../../../components/ui/states';
import { bothNames } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { type LineMark, type PackingLine, replacementQueryOptions, useMarkLine } from '../api/packing';
import { WeightForm } from './line-weight';

/** What a line's mark says: picked, N short, replaced by X at a price, and its refund's progress. */
export function MarkSummary({ mark }: { mark: LineMark | null }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (!mark) return <span className="packing-mark is-open">{t('packing.mark.open')}</span>;
  const refund =
    mark.refund > 0
      ? ` · ${t(`packing.refund.${mark.refund_state}`, { amount: formatCents(centsOf(mark.refund)) })}`
      : '';
  if (mark.state === 'picked')
    return <span className="packing-mark is-picked">{t('packing.mark.picked')}</span>;
  if (mark.state === 'short') {
    return (
      <span className="packing-mark is-short">
        {t('packing.mark.short', { count: mark.short_num })}
        {refund}
      </span>
    );
  }
  const [name] = bothNames(mark.replacement ?? { en_name: '', zn_name: '' }, language);
  return (
    <span className="packing-mark is-replaced">
      {t('packing.mark.replaced', { name, price: formatCents(centsOf(mark.replacement?.charged ?? 0)) })}
      {refund}
    </span>
  );
}

type Open = 'none' | 'short' | 'replaced';

/** The packer's buttons for one line: Picked, Short (how many), Replace (which product: the shop prices it). */
export function LineMarkControls({ orderNo, line }: { orderNo: string; line: PackingLine }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const mark = useMarkLine(orderNo, line.id);
  const [open, setOpen] = useState<Open>('none');
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<string>('');
  const found = useQuery(replacementQueryOptions(query));
  const locked = line.mark !== null && line.mark.refund_state !== 'none';
  if (locked) return null;
  const [name] = bothNames(line, language);
  const done = () => setOpen('none');
  return (
    <div className="packing-controls">
      {line.weight && line.weight.weighed_grams === null ? (
        <WeightForm
          name={name}
          weight={line.weight}
          pending={mark.isPending}
          onWeigh={(grams) => mark.mutate({ state: 'picked', grams }, { onSuccess: done })}
        />
      ) : null}
      <div className="admin-actions">
        {line.weight ? null : (
          <button
            type="button"
            className="button button-secondary"
            disabled={mark.isPending}
            aria-label={t('packing.actions.pickedLine', { name })}
            onClick={() => mark.mutate({ state: 'picked' }, { onSuccess: done })}
          >
            {t('packing.actions.picked')}
          </button>
        )}
        <button
          type="button"
          className="button button-secondary"
          aria-expanded={open === 'short'}
          aria-label={t('packing.actions.shortLine', { name })}
          onClick={() => setOpen(open === 'short' ? 'none' : 'short')}
        >
          {t('packing.actions.short')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          aria-expanded={open === 'replaced'}
          aria-label={t('packing.actions.replaceLine', { name })}
          onClick={() => setOpen(open === 'replaced' ? 'none' : 'replaced')}
        >
          {t('packing.actions.replace')}
        </button>
      </div>
      {open === 'short' ? (
        <form
          className="packing-form"
          onSubmit={(event) => {
            event.preventDefault();
            const short = Number(new FormData(event.currentTarget).get('short'));
            mark.mutate({ state: 'short', short }, { onSuccess: done });
          }}
        >
          <label htmlFor={`${id}-short`}>{t('packing.form.shortCount', { num: line.num })}</label>
          <input
            id={`${id}-short`}
            name="short"
            type="number"
            min={1}
            max={line.num}
            defaultValue={line.num}
            required
          />
          <button type="submit" className="button button-primary" disabled={mark.isPending}>
            {t('packing.form.saveShort')}
          </button>
        </form>
      ) : null}
      {open === 'replaced' ? (
        <form
          className="packing-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (!chosen) return;
            mark.mutate({ state: 'replaced', product: chosen }, { onSuccess: done });
          }}
        >
          <label htmlFor={`${id}-q`}>{t('packing.form.search')}</label>
          <input id={`${id}-q`} type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
          {found.data && found.data.length > 0 ? (
            <fieldset>
              <legend>{t('packing.form.choose')}</legend>
              {found.data.map((p) => (
                <label key={p.uuid} className="packing-choice">
                  <input
                    type="radio"
                    name="product"
                    value={p.uuid}
                    checked={chosen === p.uuid}
                    onChange={() => setChosen(p.uuid)}
                  />
                  {bothNames(p, language)[0]} · {formatCents(centsOf(p.price))}
                </label>
              ))}
            </fieldset>
          ) : null}
          <p className="admin-hint">
            {t('packing.form.neverMore', { price: formatCents(centsOf(line.price)) })}
          </p>
          <button type="submit" className="button button-primary" disabled={mark.isPending || !chosen}>
            {t('packing.form.saveReplace')}
          </button>
        </form>
      ) : null}
      <FormError error={mark.error} />
    </div>
  );
}
