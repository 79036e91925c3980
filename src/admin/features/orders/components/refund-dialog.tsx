import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { amountToCents, formatCents } from '#shared/money';
import { centsOf } from '#web/lib/money';
import { bothNames } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import type { OrderAction, OrderDetail } from '../api/orders';
import { ActionDialog } from './dialog';

type Mode = 'whole' | 'amount' | 'lines';

/**
 * Refund: all that is left, an amount, or chosen lines with quantities; always a reason. Shows the
 * most that can still be refunded; the server decides and its refusal is shown as it says it.
 */
export function RefundDialog({
  order,
  pending,
  error,
  onSubmit,
  onClose,
}: {
  order: OrderDetail;
  pending: boolean;
  error: unknown;
  onSubmit: (action: OrderAction) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const [mode, setMode] = useState<Mode>('whole');
  const [problem, setProblem] = useState<{ field: string; text: string } | null>(null);
  const leftCents = Math.max(0, centsOf(order.total_price) - centsOf(order.refunded));
  const submit = (form: FormData) => {
    const reason = String(form.get('reason') ?? '').trim();
    if (!reason) return setProblem({ field: 'reason', text: t('orders.refund.reasonEmpty') });
    if (mode === 'amount') {
      const amount = String(form.get('amount') ?? '').trim();
      // A refund is more than nothing; the server holds it to what is left.
      if (!((amountToCents(amount) ?? 0) > 0)) {
        return setProblem({ field: 'amount', text: t('orders.refund.amountInvalid') });
      }
      setProblem(null);
      return onSubmit({ kind: 'refund', reason, amount });
    }
    if (mode === 'lines') {
      const lines = order.lines
        .map((line) => ({ id: line.id, qty: Number(form.get(`qty-${line.id}`) ?? 0) }))
        .filter((line) => Number.isInteger(line.qty) && line.qty > 0);
      if (lines.length === 0) return setProblem({ field: 'lines', text: t('orders.refund.linesEmpty') });
      setProblem(null);
      return onSubmit({ kind: 'refund', reason, lines });
    }
    setProblem(null);
    onSubmit({ kind: 'refund', reason });
  };
  const problemOf = (field: string) => (problem?.field === field ? problem.text : undefined);
  return (
    <ActionDialog
      title={t('orders.refund.title')}
      submitLabel={t('orders.refund.submit')}
      danger
      pending={pending}
      error={error}
      onSubmit={submit}
      onClose={onClose}
    >
      <p className="admin-hint">{t('orders.refund.most', { amount: formatCents(leftCents) })}</p>
      <fieldset className="orders-choice">
        <legend className="field-label">{t('orders.refund.what')}</legend>
        {(['whole', 'amount', 'lines'] as const).map((value) => (
          <label key={value} className="orders-radio">
            <input
              type="radio"
              name="mode"
              value={value}
              checked={mode === value}
              onChange={() => setMode(value)}
            />
            {t(`orders.refund.mode.${value}`)}
          </label>
        ))}
      </fieldset>
      {mode === 'amount' ? (
        <div className="field">
          <label className="field-label" htmlFor={`${id}-amount`}>
            {t('orders.refund.amount')}
          </label>
          <input
            id={`${id}-amount`}
            className="input"
            name="amount"
            inputMode="decimal"
            aria-invalid={problemOf('amount') ? true : undefined}
            aria-describedby={problemOf('amount') ? `${id}-amount-problem` : undefined}
          />
          {problemOf('amount') ? (
            <p id={`${id}-amount-problem`} className="field-problem">
              {problemOf('amount')}
            </p>
          ) : null}
        </div>
      ) : null}
      {mode === 'lines' ? (
        <fieldset className="orders-refund-lines">
          <legend className="field-label">{t('orders.refund.lines')}</legend>
          {order.lines.map((line) => {
            const most = line.num - line.refunded_num;
            const [first] = bothNames(line, language);
            return (
              <div key={line.id} className="field orders-refund-line">
                <label className="field-label" htmlFor={`${id}-qty-${line.id}`}>
                  {t('orders.refund.lineQty', { name: first, most })}
                </label>
                <input
                  id={`${id}-qty-${line.id}`}
                  className="input"
                  type="number"
                  name={`qty-${line.id}`}
                  min={0}
                  max={most}
                  defaultValue={0}
                  disabled={most <= 0}
                />
              </div>
            );
          })}
          {problemOf('lines') ? <p className="field-problem">{problemOf('lines')}</p> : null}
        </fieldset>
      ) : null}
      <div className="field">
        <label className="field-label" htmlFor={`${id}-reason`}>
          {t('orders.refund.reason')}
        </label>
        <textarea
          id={`${id}-reason`}
          className="input"
          name="reason"
          maxLength={500}
          rows={3}
          aria-invalid={problemOf('reason') ? true : undefined}
          aria-describedby={problemOf('reason') ? `${id}-reason-problem` : undefined}
        />
        {problemOf('reason') ? (
          <p id={`${id}-reason-problem`} className="field-problem">
            {problemOf('reason')}
          </p>
        ) : null}
      </div>
    </ActionDialog>
  );
}
