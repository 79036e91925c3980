import { useTranslation } from 'react-i18next';
import { stockState } from '../lib/stock-view';

/** The stock figure with "Out of stock" / "Low" beside it when so. */
export function StockLevel({ row }: { row: { real_stock: number; low_stock_threshold: number } }) {
  const { t } = useTranslation();
  const state = stockState(row);
  return (
    <span className={`stock-level is-${state}`}>
      {row.real_stock}
      {state === 'ok' ? null : <span className="tag"> {t(`stock.state.${state}`)}</span>}
    </span>
  );
}
