import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CART_MIN_AMOUNT } from '#shared/constants';
import { formatCents } from '#shared/money';
import type { CartItem } from '#shared/schemas/cart';
import { lineLimit } from '#shared/schemas/cart.rules';
import {
  EstimateMark,
  unitPriceNow,
  useWeighedQuantity,
  UnitPrice as WeighedUnitPrice,
} from '#web/components/catalogue/weight-labels';
import { ImageBox } from '#web/components/ui/image-box';
import { Stepper } from '#web/components/ui/stepper';
import { UnitPrice } from '#web/components/ui/unit-price';
import { useLanguage } from '#web/lib/i18n';
import { nameOf, pick } from '#web/lib/localized';
import { centsOf } from '#web/lib/money';
import { WhenMissingChoice } from './when-missing-choice';

interface CartLineProps {
  line: CartItem;
  onAmount: (amount: number) => void;
  onRemove: () => void;
}

/**
 * One cart line: picture, name, unit, price (struck regular price on promotion), line total,
 * stepper (a typed quantity cut to the stock says "Only N left"), remove. A line at 0 says it is
 * not ordered (docs/product.md §5).
 */
export function CartLine({ line, onAmount, onRemove }: CartLineProps) {
  const { t } = useTranslation('cart');
  const language = useLanguage();
  const name = nameOf(line, language);
  const { t: tc } = useTranslation('common');
  const onPromotion = line.price < line.regular_price;
  const limit = lineLimit(line);
  const quantity = useWeighedQuantity();
  return (
    <li className={`cart-line${line.available ? '' : ' is-unavailable'}`}>
      <Link to={`/product/${line.uuid}`} className="cart-line-image" tabIndex={-1} aria-hidden="true">
        <ImageBox src={line.img} kind="product" alt="" sizes="88px" />
      </Link>
      <div className="cart-line-body">
        <Link to={`/product/${line.uuid}`} className="cart-line-name">
          {name}
        </Link>
        <p className="cart-line-unit">
          {line.sold_by_weight ? (
            <WeighedUnitPrice
              unit={line.sold_by_weight.unit}
              unitPrice={unitPriceNow(line.sold_by_weight, line.price)}
            />
          ) : (
            <>
              {pick(language, line.en_number, line.zn_number)}
              <UnitPrice unitPrice={line.unit_price} />
            </>
          )}
        </p>
        <p className="cart-line-price">
          <span className={onPromotion ? 'price-deal' : undefined}>{formatCents(centsOf(line.price))}</span>
          {onPromotion && (
            <s className="price-regular">
              <span className="visually-hidden">{t('regularPrice')} </span>
              {formatCents(centsOf(line.regular_price))}
            </s>
          )}
        </p>
        {line.available ? (
          <>
            <Stepper
              value={line.amount}
              min={CART_MIN_AMOUNT}
              max={Math.max(limit.max, line.amount)}
              onChange={onAmount}
              label={t('quantityOf', { name })}
              limitMessage={tc(limit.byStock ? 'stepper.onlyLeft' : 'stepper.perOrder', { n: limit.max })}
            />
            {line.sold_by_weight && line.amount > 0 && (
              <p className="cart-line-weight">
                {quantity(line.sold_by_weight, line.amount, line.sold_by_weight.step_grams * line.amount)}
              </p>
            )}
            {line.amount === 0 && <p className="cart-line-note">{t('notOrdered')}</p>}
            <WhenMissingChoice line={line} />
          </>
        ) : (
          <p className="cart-line-note">{t('unavailable')}</p>
        )}
      </div>
      <div className="cart-line-side">
        <p className="cart-line-total">
          <span className="visually-hidden">{t('lineTotal')} </span>
          {formatCents(line.available ? centsOf(line.price) * line.amount : 0)}
          {line.sold_by_weight && line.available && line.amount > 0 && (
            <>
              {' '}
              <EstimateMark />
            </>
          )}
        </p>
        <button
          type="button"
          className="text-button cart-line-remove"
          onClick={onRemove}
          aria-label={t('removeNamed', { name })}
        >
          {t('remove')}
        </button>
      </div>
    </li>
  );
}
