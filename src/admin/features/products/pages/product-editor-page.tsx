import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { can } from '#shared/schemas/staff.rules';
import { Loading } from '#web/components/ui/loading';
import { useStaff } from '../../../api/me';
import { Forbidden, LoadError } from '../../../components/ui/states';
import { useLanguage } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';
import { productListPath, productPath } from '../../../lib/urls/products';
import {
  categoryOptionsQueryOptions,
  productQueryOptions,
  taxClassOptionsQueryOptions,
  useSaveProduct,
} from '../api/products';
import { PictureManager } from '../components/picture-manager';
import { ProductActions } from '../components/product-actions';
import { ProductFormFields } from '../components/product-form';
import { EMPTY_FORM, formOf } from '../lib/product-form';

/** What the editor shows of a product that another feature owns (its stock), given by the app. */
export interface ProductPanels {
  StockPanel: ComponentType<{ productId: number }>;
}

/** /admin/products/new and /admin/products/:id: the product's fields, state, pictures and stock. */
export function ProductEditorPage({ StockPanel }: ProductPanels) {
  const { t } = useTranslation();
  const language = useLanguage();
  const staff = useStaff();
  const allowed = can(staff.role, 'catalogue.manage');
  const { id: idParam } = useParams();
  const id = idParam === undefined || idParam === 'new' ? undefined : Number(idParam);
  const navigate = useNavigate();
  const product = useQuery({ ...productQueryOptions(id ?? 0), enabled: allowed && id !== undefined });
  const categories = useQuery({ ...categoryOptionsQueryOptions(), enabled: allowed });
  const taxClasses = useQuery({
    ...taxClassOptionsQueryOptions(),
    enabled: allowed && can(staff.role, 'tax.view'),
  });
  const save = useSaveProduct(id);
  const title =
    id === undefined ? t('products.editor.new') : product.data?.en_name || t('products.list.unnamed');
  usePageTitle(title);

  if (!allowed) return <Forbidden />;
  if (id !== undefined && product.isPending) return <Loading />;
  if (id !== undefined && product.isError)
    return <LoadError error={product.error} retry={() => void product.refetch()} />;
  const stored = product.data;
  const initial = stored ? formOf(stored) : EMPTY_FORM;
  return (
    <section className="admin-page product-editor">
      <p>
        <Link to={productListPath}>{t('products.editor.back')}</Link>
      </p>
      <h1>{title}</h1>
      {save.isSuccess && id !== undefined ? (
        <p className="admin-notice" role="status">
          {t('products.editor.saved')}
        </p>
      ) : null}
      <div className="product-editor-grid">
        <ProductFormFields
          // A stored product remounts the form with what the server kept (sanitized descriptions).
          key={JSON.stringify(initial)}
          initial={initial}
          categories={categories.data ?? []}
          taxClasses={taxClasses.data ?? []}
          language={language}
          saving={save.isPending}
          error={save.error}
          onSave={(form) =>
            save.mutate(form, {
              onSuccess: (saved) => {
                if (id === undefined) navigate(productPath(saved.id));
              },
            })
          }
        />
        {stored ? (
          <aside className="product-side">
            <ProductActions product={stored} />
            <section className="product-panel" aria-label={t('products.editor.pictures')}>
              <h2>{t('products.editor.pictures')}</h2>
              <PictureManager productId={stored.id} />
            </section>
            <section className="product-panel" aria-label={t('products.editor.stock')}>
              <h2>{t('products.editor.stock')}</h2>
              <StockPanel productId={stored.id} />
            </section>
          </aside>
        ) : null}
      </div>
    </section>
  );
}
