import { useTranslation } from 'react-i18next';
import { deleteHome, moveHome, publishHome, useHomeChange } from '../api/home';

/**
 * What may be done to a banner or plate in its list: edit, publish or take off the home, move up or
 * down, delete. `name` tells screen readers which one each button acts on.
 */
export function HomeRowActions({
  kind,
  id,
  name,
  published,
  first,
  last,
  onEdit,
  onError,
}: {
  kind: 'banners' | 'plates';
  id: number;
  name: string;
  published: boolean;
  first: boolean;
  last: boolean;
  onEdit(): void;
  onError(error: unknown): void;
}) {
  const { t } = useTranslation();
  const act = { onError, onSuccess: () => onError(null) };
  const publish = useHomeChange(kind, (on: boolean) => publishHome(kind, id, on));
  const move = useHomeChange(kind, (direction: 'up' | 'down') => moveHome(kind, id, direction));
  const remove = useHomeChange(kind, () => deleteHome(kind, id));
  const busy = publish.isPending || move.isPending || remove.isPending;
  const hidden = <span className="visually-hidden"> {name}</span>;
  return (
    <div className="admin-actions">
      <button
        type="button"
        className={published ? 'button button-secondary' : 'button'}
        disabled={busy}
        onClick={() => publish.mutate(!published, act)}
      >
        {published ? t('home.unpublish') : t('home.publish')}
        {hidden}
      </button>
      <button type="button" className="button button-secondary" onClick={onEdit}>
        {t('home.edit')}
        {hidden}
      </button>
      <button
        type="button"
        className="button button-secondary"
        disabled={first || busy}
        aria-label={t('home.moveUp', { name })}
        onClick={() => move.mutate('up', act)}
      >
        ↑
      </button>
      <button
        type="button"
        className="button button-secondary"
        disabled={last || busy}
        aria-label={t('home.moveDown', { name })}
        onClick={() => move.mutate('down', act)}
      >
        ↓
      </button>
      <button
        type="button"
        className="button button-danger"
        disabled={busy}
        onClick={() => {
          if (window.confirm(t('home.confirmDelete', { name }))) remove.mutate(undefined, act);
        }}
      >
        {t('home.delete')}
        {hidden}
      </button>
    </div>
  );
}
