import { useTranslation } from 'react-i18next';

/**
 * Previous / next under a server-paged list, with where the list is ("Page 2 of 5"). `texts` is the
 * admin.json section holding `pager.previous`, `pager.next` and `pager.position` for this page.
 */
export function Pager({
  page,
  pageSize,
  total,
  texts,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  texts: string;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="admin-pager" aria-label={t(`${texts}.pager.label`)}>
      <button
        type="button"
        className="button button-secondary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t(`${texts}.pager.previous`)}
      </button>
      <span>{t(`${texts}.pager.position`, { page, pages })}</span>
      <button
        type="button"
        className="button button-secondary"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t(`${texts}.pager.next`)}
      </button>
    </nav>
  );
}
