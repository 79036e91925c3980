import { formatCents } from '#shared/money';

export interface SummaryRow {
  label: string;
  cents: number;
  /** Taken off the sum (a coupon's discount). */
  deducted?: boolean;
  /** Shown instead of the amount ("Free delivery"). */
  text?: string;
}

/**
 * A summary's money rows (subtotal, discount, tax, delivery) and its total, laid out by panels.css;
 * `after`: rows below the total (an order's refunds), the last of them set as a total too.
 */
export function SummaryRows({
  rows,
  total,
  after = [],
}: {
  rows: SummaryRow[];
  total: SummaryRow;
  after?: SummaryRow[];
}) {
  return (
    <dl className="summary-rows">
      {rows.map((row) => (
        <div key={row.label}>
          <dt>{row.label}</dt>
          <dd>{row.text ?? `${row.deducted ? '-' : ''}${formatCents(row.cents)}`}</dd>
        </div>
      ))}
      <div className="summary-total">
        <dt>{total.label}</dt>
        <dd>{formatCents(total.cents)}</dd>
      </div>
      {after.map((row, i) => (
        <div key={row.label} className={i === after.length - 1 ? 'summary-total' : undefined}>
          <dt>{row.label}</dt>
          <dd>{`${row.deducted ? '-' : ''}${formatCents(row.cents)}`}</dd>
        </div>
      ))}
    </dl>
  );
}
