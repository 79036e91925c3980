import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CARD_SIZES } from '#shared/media';
import type { ProductCard as Card } from '#shared/schemas/catalogue';
import { useLanguage } from '#web/lib/i18n';
import { nameOf, pick } from '#web/lib/localized';
import { PlusIcon } from '../ui/icons';
import { ImageBox } from '../ui/image-box';
import { Stepper } from '../ui/stepper';
import { UnitPrice } from '../ui/unit-price';
import './product-card.css';
import { formatCents } from '#shared/money';
import { centsOf } from '#web/lib/money';
import { SoldByWeightLine } from './weight-labels';

interface ProductCardProps {
  product: Card;
  onAdd: (uuid: string) => void;
  /** What of it is in the shopper's cart: a −/qty/+ stepper then replaces the add button. */
  inCart?: { amount: number; max: number; byStock: boolean };
  /** A new quantity from the stepper; 0 takes it out of the cart. */
  onAmount?: (uuid: string, amount: number) => void;
  priority?: boolean;
  /** h2 where the list sits right under the page's h1; h3 under a section's h2. */
  headingLevel?: 2 | 3;
}

/**
 * A product in a list (docs/architecture.md §7): square picture, name in two lines at most, unit, price (the
 * promotion price in red with the regular one struck), and a round add button — disabled when
 * nothing is in stock (docs/product.md §5).
 */
export function ProductCard({
  product,
  onAdd,
  inCart,
  onAmount,
  priority,
  headingLevel = 3,
}: ProductCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { t } = useTranslation('common');
  const language = useLanguage();
  const name = nameOf(product, language);
  const soldOut = product.real_stock < 1;
  const promo = product.promotion_price !== null && product.promotion_price < product.price;
  return (
    <article className={`product-card${soldOut ? ' is-sold-out' : ''}`}>
      <div className="product-card-media">
        <ImageBox src={product.product_image} kind="product" alt="" sizes={CARD_SIZES} priority={priority} />
        {soldOut && <span className="product-card-flag">{t('product.soldOut')}</span>}
        {promo && !soldOut && <span className="product-card-flag is-deal">{t('product.deal')}</span>}
      </div>
      <div className="product-card-body">
        <Heading className="product-card-name">
          <Link to={`/product/${product.uuid}`} className="product-card-link">
            {name}
          </Link>
        </Heading>
        {product.sold_by_weight ? (
          <SoldByWeightLine
            sale={product.sold_by_weight}
            stepPrice={promo && product.promotion_price !== null ? product.promotion_price : product.price}
            className="product-card-unit"
          />
        ) : (
          <p className="product-card-unit">
            {pick(language, product.en_number, product.zn_number)}
            <UnitPrice unitPrice={product.unit_price} />
          </p>
        )}
        <div className="product-card-foot">
          <p className="price-line">
            {promo && product.promotion_price !== null ? (
              <>
                <span className="price is-promo">{formatCents(centsOf(product.promotion_price))}</span>
                <s className="price-was">
                  <span className="visually-hidden">{t('product.regularPrice')}</span>
                  {formatCents(centsOf(product.price))}
                </s>
              </>
            ) : (
              <span className="price">{formatCents(centsOf(product.price))}</span>
            )}
          </p>
          {inCart && onAmount ? (
            <Stepper
              className="is-compact"
              value={inCart.amount}
              min={0}
              max={Math.max(inCart.max, inCart.amount)}
              onChange={(amount) => onAmount(product.uuid, amount)}
              label={t('product.inCartNamed', { name })}
              limitMessage={
                inCart.byStock
                  ? t('stepper.onlyLeft', { n: inCart.max })
                  : t('stepper.perOrder', { n: inCart.max })
              }
            />
          ) : (
            <button
              type="button"
              className="add-button"
              aria-label={t('product.addNamed', { name })}
              disabled={soldOut}
              onClick={() => onAdd(product.uuid)}
            >
              <PlusIcon width={20} height={20} />
            </button>
          )}
        </div>
      </div>
    </article>
  );
}

/** The same card's boxes while its data loads, so nothing shifts when it arrives. */
export function ProductCardSkeleton() {
  return (
    <div className="product-card is-skeleton" aria-hidden="true">
      <div className="product-card-media">
        <div className="image-box" />
      </div>
      <div className="product-card-body">
        <div className="skeleton-line" style={{ width: '90%' }} />
        <div className="skeleton-line" style={{ width: '60%' }} />
        <div className="skeleton-line is-small" style={{ width: '35%' }} />
        <div className="product-card-foot">
          <div className="skeleton-line is-price" />
          <div className="add-button is-placeholder" />
        </div>
      </div>
    </div>
  );
}
