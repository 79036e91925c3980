import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormError } from '../../../components/ui/states';
import { productListUrl } from '../../../lib/urls/products';
import { type AdminProduct, useDeleteProduct, usePublishProduct } from '../api/products';

/**
 * Publish or unpublish, with what publishing still needs listed; delete after a confirmation
 * (a product that orders refer to is archived instead, and the console says so).
 */
export function ProductActions({ product }: { product: AdminProduct }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const publish = usePublishProduct(product.id);
  const remove = useDeleteProduct(product.id);
  const [confirming, setConfirming] = useState(false);
  const state = product.archived ? 'archived' : product.published ? 'published' : 'draft';
  return (
    <div className="product-actions">
      <p className={`products-state is-${product.archived ? 'archived' : product.published ? 'on' : 'off'}`}>
        {t(`products.state.${state}`)}
      </p>
      {product.missing.length > 0 && !product.archived ? (
        <div className="product-missing">
          <p>{t('products.editor.missing')}</p>
          <ul>
            {product.missing.map((field) => (
              <li key={field}>{t(`products.missingField.${field}`)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {product.archived ? null : (
        <button
          type="button"
          className="button button-primary"
          disabled={publish.isPending}
          onClick={() => publish.mutate(!product.published)}
        >
          {product.published ? t('products.editor.unpublish') : t('products.editor.publish')}
        </button>
      )}
      <FormError error={publish.error} />
      {confirming ? (
        <div className="product-confirm" role="alertdialog" aria-label={t('products.editor.deleteTitle')}>
          <p>{t('products.editor.deleteQuestion')}</p>
          <button
            type="button"
            className="button button-danger"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: (done) =>
                  navigate(
                    done.archived
                      ? productListUrl({ archived: 'yes', notice: 'archived' })
                      : productListUrl({ notice: 'deleted' }),
                  ),
              })
            }
          >
            {t('products.editor.deleteConfirm')}
          </button>
          <button type="button" className="button button-secondary" onClick={() => setConfirming(false)}>
            {t('products.editor.cancel')}
          </button>
        </div>
      ) : product.archived ? null : (
        <button type="button" className="button button-secondary" onClick={() => setConfirming(true)}>
          {t('products.editor.delete')}
        </button>
      )}
      <FormError error={remove.error} />
    </div>
  );
}
