import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatCents } from '#shared/money';
import type { Product } from '#shared/schemas/catalogue';
import { UUID_PATTERN } from '#shared/schemas/common.rules';
import { useCartCount } from '#web/api/cart';
import { useProduct } from '#web/api/catalogue';
import { SoldByWeightLine } from '#web/components/catalogue/weight-labels';
import { CartLink } from '#web/components/ui/cart-link';
import { ChevronRightIcon, HeartIcon, ShareIcon } from '#web/components/ui/icons';
import { PageHeader } from '#web/components/ui/page-header';
import { RichText } from '#web/components/ui/rich-text';
import { ErrorState, StateView } from '#web/components/ui/states';
import { useDocumentTitle } from '#web/lib/document-title';
import { useLanguage } from '#web/lib/i18n';
import { nameOf, pick } from '#web/lib/localized';
import { centsOf } from '#web/lib/money';
import { BuyBox } from '../components/buy-box';
import { ProductImages } from '../components/product-images';
import { ProductSkeleton } from '../components/product-skeleton';
import { ProductSpecs } from '../components/product-specs';
import '../product.css';
import { UnitPrice } from '#web/components/ui/unit-price';

/** product/{uuid} (docs/product.md §2, Product detail). */
export function ProductPage() {
  const { t } = useTranslation('catalogue');
  const { id = '' } = useParams();
  const valid = UUID_PATTERN.test(id);
  const query = useProduct(id, valid);
  const cartCount = useCartCount();
  const language = useLanguage();
  useDocumentTitle(query.data ? nameOf(query.data, language) : t('product.title'));
  return (
    <>
      <PageHeader title={t('product.title')} titleAs="p" end={<CartLink count={cartCount} />} />
      {!valid ? (
        <StateView kind="notFound" />
      ) : query.isPending ? (
        <ProductSkeleton />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <ProductDetail product={query.data} />
      )}
    </>
  );
}

function categoryPath(product: Product): string {
  return product.parent_category_id === null
    ? `/category/${product.category_id}`
    : `/category/${product.parent_category_id}/${product.category_id}`;
}

function ProductDetail({ product }: { product: Product }) {
  const { t } = useTranslation('catalogue');
  const language = useLanguage();
  const name = nameOf(product, language);
  const images = product.images.length > 0 ? product.images.map((i) => i.link) : [product.product_image];
  const promo = product.promotion_price !== null && product.promotion_price < product.price;
  const unit = pick(language, product.en_number, product.zn_number);
  return (
    <article className="product-detail">
      <div className="product-media">
        <ProductImages images={images} name={name} />
      </div>
      <div className="product-info">
        <Link to={categoryPath(product)} className="category-link">
          {pick(language, product.category_en_name, product.category_zn_name)}
          <ChevronRightIcon width={16} height={16} />
        </Link>
        <h1 className="product-name">{name}</h1>
        <p className="product-price price-line">
          {promo && product.promotion_price !== null ? (
            <>
              <span className="price is-promo">{formatCents(centsOf(product.promotion_price))}</span>
              <s className="price-was">
                <span className="visually-hidden">{t('common:product.regularPrice')}</span>
                {formatCents(centsOf(product.price))}
              </s>
            </>
          ) : (
            <span className="price">{formatCents(centsOf(product.price))}</span>
          )}
          {!product.sold_by_weight && (
            <>
              <span className="product-unit">{t('product.perUnit', { unit })}</span>
              <UnitPrice unitPrice={product.unit_price} />
            </>
          )}
        </p>
        {product.sold_by_weight && (
          <SoldByWeightLine
            sale={product.sold_by_weight}
            stepPrice={promo && product.promotion_price !== null ? product.promotion_price : product.price}
            className="product-unit-price"
          />
        )}
        <p className="product-facts">
          <span>{t('product.sold', { count: product.sold_count })}</span>
          <span className={product.real_stock < 1 ? 'is-out' : undefined}>
            {t('product.stock', { count: product.real_stock })}
          </span>
        </p>
        <div className="product-actions">
          <button type="button" className="icon-button" aria-label={t('product.favourite')} disabled>
            <HeartIcon />
          </button>
          <button type="button" className="icon-button" aria-label={t('product.share')} disabled>
            <ShareIcon />
          </button>
        </div>
        <BuyBox uuid={product.uuid} stock={product.real_stock} />
        <section className="product-section" aria-labelledby="product-specs">
          <h2 id="product-specs">{t('product.specs')}</h2>
          <ProductSpecs product={product} />
        </section>
        <section className="product-section" aria-labelledby="product-description">
          <h2 id="product-description">{t('product.description')}</h2>
          <RichText className="rich-text" html={pick(language, product.en_describe, product.zn_describe)} />
        </section>
      </div>
    </article>
  );
}
