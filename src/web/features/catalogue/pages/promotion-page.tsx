import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAddToCart, useCartCount } from '#web/api/cart';
import { useProductList, usePromotion } from '#web/api/catalogue';
import { AddProblem } from '#web/components/catalogue/add-problem';
import { ProductGrid, ProductGridSkeleton } from '#web/components/catalogue/product-grid';
import { CartLink } from '#web/components/ui/cart-link';
import { ImageBox } from '#web/components/ui/image-box';
import { PageHeader } from '#web/components/ui/page-header';
import { ErrorState, StateView } from '#web/components/ui/states';
import { useDocumentTitle } from '#web/lib/document-title';
import { useLanguage } from '#web/lib/i18n';
import { nameOf } from '#web/lib/localized';
import '../catalogue.css';

/** promotion/{id} (docs/product.md §2): the ad image, then the products at their promotion prices. */
export function PromotionPage() {
  const { id = '' } = useParams();
  const promotionId = /^\d{1,9}$/.test(id) ? Number(id) : 0;
  return <PromotionScreen key={promotionId} id={promotionId} />;
}

function PromotionScreen({ id }: { id: number }) {
  const { t } = useTranslation('catalogue');
  const language = useLanguage();
  const promotion = usePromotion(id);
  const products = useProductList({ promotion_plan: id });
  const cartCount = useCartCount();
  // A refused add (e.g. "only 3 left") rolls the badge back; the shopper is told why.
  const { add, message } = useAddToCart();
  const title = promotion.data ? nameOf(promotion.data, language) : t('promotion.title');
  useDocumentTitle(title);
  const failed = promotion.isError ? promotion.error : products.isError ? products.error : undefined;
  return (
    <>
      <PageHeader title={title} end={<CartLink count={cartCount} />}>
        <span className="item-count">
          {products.data ? t('itemCount', { count: products.data.total }) : '\u00a0'}
        </span>
        <AddProblem message={message} />
      </PageHeader>
      {failed ? (
        <ErrorState
          error={failed}
          onRetry={() => {
            void promotion.refetch();
            void products.refetch();
          }}
        />
      ) : (
        <>
          <div className="promotion-ad">
            {promotion.data ? (
              <ImageBox
                src={promotion.data.ad_img}
                kind="ad"
                alt={title}
                sizes="(min-width: 1240px) 1192px, 100vw"
                priority
              />
            ) : (
              <div className="image-box" style={{ '--ratio': '5 / 2' } as React.CSSProperties} />
            )}
          </div>
          {products.isPending ? (
            <ProductGridSkeleton />
          ) : products.data && products.data.list.length > 0 ? (
            <ProductGrid products={products.data.list} onAdd={add} label={title} headingLevel={2} />
          ) : (
            <StateView kind="notFound" />
          )}
        </>
      )}
    </>
  );
}
