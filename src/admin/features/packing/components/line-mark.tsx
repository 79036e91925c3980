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

/** The shopper's substitution choice for a line: refund, best match or a named product, ask first. */
export function ShopperChoice({ line }: { line: PackingLine }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const what =
    line.when_missing === 'refund'
      ? t('packing.whenMissing.refund')
      : line.substitute
        ? t('packing.choice.specific', {
            name: bothNames(line.substitute, language)[0],
            price: formatCents(centsOf(line.substitute.price)),
          })
        : t('packing.choice.best');
  return (
    <>
      {what}
      {line.when_missing === 'replace' && line.substitute && line.fallback
        ? ` · ${t('packing.choice.fallback')}`
        : ''}
      {line.when_missing === 'replace' && line.ask_first ? ` · ${t('packing.choice.askFirst')}` : ''}
    </>
  );
}

/** What a line's mark says: picked, N short, replaced by X at a price, proposed (and how it ended), its refund's progress. */
export function MarkSummary({
  mark,
  when,
}: {
  mark: LineMark | null;
  when?: (iso: string | null) => string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (!mark) return <span className="packing-mark is-open">{t('packing.mark.open')}</span>;
  const proposal = mark.proposal
    ? ` · ${t(`packing.proposal.${mark.proposal.status}`, { when: when?.(mark.proposal.deadline) ?? mark.proposal.deadline })}`
    : '';
  if (mark.state === 'proposed') {
    const [proposed] = bothNames(mark.replacement ?? { en_name: '', zn_name: '' }, language);
    return (
      <span className="packing-mark is-proposed" data-proposal={mark.proposal?.status}>
        {t('packing.mark.proposed', {
          name: proposed,
          price: formatCents(centsOf(mark.replacement?.price ?? 0)),
        })}
        {proposal}
      </span>
    );
  }
  const refund =
    mark.refund > 0
      ? ` · ${t(`packing.refund.${mark.refund_state}`, { amount: formatCents(centsOf(mark.refund)) })}`
      : '';
  if (mark.state === 'picked')
    return <span className="packing-mark is-picked">{t('packing.mark.picked')}</span>;
  if (mark.state === 'short') {
    return (
      <span className="packing-mark is-short" data-proposal={mark.proposal?.status}>
        {t('packing.mark.short', { count: mark.short_num })}
        {proposal}
        {refund}
      </span>
    );
  }
  const [name] = bothNames(mark.replacement ?? { en_name: '', zn_name: '' }, language);
  return (
    <span className="packing-mark is-replaced" data-proposal={mark.proposal?.status}>
      {t('packing.mark.replaced', { name, price: formatCents(centsOf(mark.replacement?.charged ?? 0)) })}
      {proposal}
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
  // A refund under way, or a proposal (the shopper's answer or the deadline settles it), fixes the mark.
  const locked = line.mark !== null && (line.mark.refund_state !== 'none' || line.mark.proposal !== null);
  if (locked) return null;
  const replaceable = line.when_missing === 'replace';
  const chosenSubstitute = line.substitute;
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
        {replaceable && chosenSubstitute ? (
          <button
            type="button"
            className="button button-secondary"
            disabled={mark.isPending}
            onClick={() =>
              mark.mutate({ state: 'replaced', product: chosenSubstitute.uuid }, { onSuccess: done })
            }
          >
            {t(line.ask_first ? 'packing.actions.proposeChosen' : 'packing.actions.replaceChosen', {
              name: bothNames(chosenSubstitute, language)[0],
            })}
          </button>
        ) : null}
        {replaceable && (!chosenSubstitute || line.fallback) ? (
          <button
            type="button"
            className="button button-secondary"
            aria-expanded={open === 'replaced'}
            aria-label={t('packing.actions.replaceLine', { name })}
            onClick={() => setOpen(open === 'replaced' ? 'none' : 'replaced')}
          >
            {t(line.ask_first ? 'packing.actions.propose' : 'packing.actions.replace')}
          </button>
        ) : null}
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
            {t(line.ask_first ? 'packing.form.askFirst' : 'packing.form.neverMore', {
              price: formatCents(centsOf(line.price)),
            })}
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
