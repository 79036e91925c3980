import { useTranslation } from 'react-i18next';
import type { SearchMissRow } from '../api/searches';

/** One language's most-searched terms that found nothing, each with "Add as alias". */
export function MissTable(props: {
  title: string;
  rows: SearchMissRow[];
  picking: string | null;
  onPick(row: SearchMissRow): void;
  renderPicker(row: SearchMissRow): React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="search-misses">
      <h2>{props.title}</h2>
      {props.rows.length === 0 ? (
        <p className="admin-state">{t('searches.none')}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">{props.title}</caption>
            <thead>
              <tr>
                <th scope="col">{t('searches.term')}</th>
                <th scope="col">{t('searches.count')}</th>
                <th scope="col">{t('searches.last')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('searches.addAlias')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {props.rows.map((row) => (
                <tr key={row.term}>
                  <th scope="row">{row.term}</th>
                  <td>{row.count}</td>
                  <td>{row.last}</td>
                  <td>
                    {props.picking === `${row.language}:${row.term}` ? (
                      props.renderPicker(row)
                    ) : (
                      <button
                        type="button"
                        className="button button-secondary"
                        aria-label={t('searches.addAliasFor', { term: row.term })}
                        onClick={() => props.onPick(row)}
                      >
                        {t('searches.addAlias')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
