import { useTranslation } from 'react-i18next';
import { useWhen } from '../../../api/me';
import { Pager } from '../../../components/ui/pager';
import type { ProductStock } from '../api/stock';
import { signed } from '../lib/stock-view';

/** A product's stock movements, newest first: when, who, why, how many, what was left. */
export function Movements({
  movements,
  onPage,
}: {
  movements: ProductStock['movements'];
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const when = useWhen();
  if (movements.total === 0) return <p className="admin-hint">{t('stock.movements.none')}</p>;
  return (
    <>
      <div className="admin-table-wrap">
        <table className="admin-table stock-movements">
          <caption className="visually-hidden">{t('stock.movements.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('stock.movements.at')}</th>
              <th scope="col">{t('stock.movements.who')}</th>
              <th scope="col">{t('stock.movements.why')}</th>
              <th scope="col">{t('stock.movements.delta')}</th>
              <th scope="col">{t('stock.movements.after')}</th>
              <th scope="col">{t('stock.movements.note')}</th>
            </tr>
          </thead>
          <tbody>
            {movements.items.map((m) => (
              <tr key={m.id}>
                <td>{when(m.at)}</td>
                <td>{m.staff_name ?? t('stock.movements.nobody')}</td>
                <td>{t(`stock.reasons.${m.reason}`)}</td>
                <td className="stock-delta">{signed(m.delta)}</td>
                <td>{m.stock_after}</td>
                <td>{m.note}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        page={movements.page}
        pageSize={movements.pageSize}
        total={movements.total}
        texts="stock.movements"
        onPage={onPage}
      />
    </>
  );
}
