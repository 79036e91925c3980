import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '#shared/schemas/staff.rules';
import { Loading } from '#web/components/ui/loading';
import {
  type AdminCategory,
  categoriesQueryOptions,
  useDeleteCategory,
  useMoveCategory,
} from '../../../api/categories';
import { useStaff } from '../../../api/me';
import { Forbidden, FormError, LoadError } from '../../../components/ui/states';
import { usePageTitle } from '../../../lib/page-title';
import { CategoryEditor } from '../components/category-form';
import '../../../components/merchandising/merchandising.css';

/** One category of the tree: its icon, names, product count and what may be done to it. */
function CategoryRow({
  category,
  tree,
  first,
  last,
  onError,
}: {
  category: AdminCategory;
  tree: AdminCategory[];
  first: boolean;
  last: boolean;
  onError(error: unknown): void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const move = useMoveCategory();
  const remove = useDeleteCategory();
  const name = `${category.en_name} · ${category.zn_name}`;
  const act = { onError, onSuccess: () => onError(null) };
  if (editing) return <CategoryEditor tree={tree} category={category} onDone={() => setEditing(false)} />;
  return (
    <div className="home-row">
      <img className="category-icon" src={category.icon} alt="" width={40} height={40} />
      <div className="home-row-text">
        <strong>{category.en_name}</strong> <span lang="zh">{category.zn_name}</span>
        <span className="admin-hint">{t('categories.productCount', { count: category.product_count })}</span>
      </div>
      <div className="admin-actions">
        <button type="button" className="button button-secondary" onClick={() => setEditing(true)}>
          {t('categories.edit')}
          <span className="visually-hidden"> {name}</span>
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={first || move.isPending}
          aria-label={t('categories.moveUp', { name })}
          onClick={() => move.mutate({ id: category.id, direction: 'up' }, act)}
        >
          ↑
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={last || move.isPending}
          aria-label={t('categories.moveDown', { name })}
          onClick={() => move.mutate({ id: category.id, direction: 'down' }, act)}
        >
          ↓
        </button>
        <button
          type="button"
          className="button button-danger"
          disabled={remove.isPending}
          onClick={() => {
            if (window.confirm(t('categories.confirmDelete', { name }))) remove.mutate(category.id, act);
          }}
        >
          {t('categories.delete')}
          <span className="visually-hidden"> {name}</span>
        </button>
      </div>
    </div>
  );
}

/** The two-level category tree (`catalogue.manage`): create, edit, move a child, reorder, delete. */
export function CategoriesPage() {
  const { t } = useTranslation();
  usePageTitle(t('categories.title'));
  const staff = useStaff();
  const allowed = can(staff.role, 'catalogue.manage');
  const tree = useQuery({ ...categoriesQueryOptions(), enabled: allowed });
  const [error, setError] = useState<unknown>(null);
  if (!allowed) return <Forbidden />;
  return (
    <section className="admin-page">
      <h1>{t('categories.title')}</h1>
      <p className="admin-hint">{t('categories.intro')}</p>
      {tree.isPending ? (
        <Loading />
      ) : tree.isError ? (
        <LoadError error={tree.error} retry={() => void tree.refetch()} />
      ) : (
        <>
          <CategoryEditor tree={tree.data} />
          <FormError error={error} />
          <ul className="category-tree" aria-label={t('categories.treeLabel')}>
            {tree.data.map((top, i) => (
              <li key={top.id}>
                <CategoryRow
                  category={top}
                  tree={tree.data}
                  first={i === 0}
                  last={i === tree.data.length - 1}
                  onError={setError}
                />
                {top.children.length > 0 ? (
                  <ul>
                    {top.children.map((child, j) => (
                      <li key={child.id}>
                        <CategoryRow
                          category={child}
                          tree={tree.data}
                          first={j === 0}
                          last={j === top.children.length - 1}
                          onError={setError}
                        />
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
