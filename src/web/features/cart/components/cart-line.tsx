import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CART_MIN_AMOUNT } from '#shared/constants';
import type { CartItem } from '#shared/schemas/cart';
import { clampCartAmount } from '#shared/schemas/cart.rules';
import { ImageBox } from '#web/components/ui/image-box';
import { Stepper } from '#web/components/ui/stepper';
import { useLanguage } from '#web/lib/i18n';
import { nameOf } from '#web/lib/localized';
import { formatAmount } from '#web/lib/money';

interface CartLineProps {
  line: CartItem;
  onAmount: (amount: number) => void;
  onRemove: () => void;
}

/** The highest quantity a line can have: the stock and the shop's per-order cap, never above 99999 (docs/product.md §5). */
export function maxOf(line: CartItem): number {
  return clampCartAmount(Math.max(Math.min(line.real_stock, line.max_per_order), 0));
}

/** One cart line: picture, name, price (struck regular price on promotion), stepper, remove. */
export function CartLine({ line, onAmount, onRemove }: CartLineProps) {
  const { t } = useTranslation('cart');
  const language = useLanguage();
  const name = nameOf(line, language);
  const onPromotion = line.price < line.regular_price;
  return (
    <li className={`cart-line${line.available ? '' : ' is-unavailable'}`}>
      <Link to={`/product/${line.uuid}`} className="cart-line-image" tabIndex={-1} aria-hidden="true">
        <ImageBox src={line.img} kind="product" alt="" sizes="88px" />
      </Link>
      <div className="cart-line-body">
        <Link to={`/product/${line.uuid}`} className="cart-line-name">
          {name}
        </Link>
        <p className="cart-line-price">
          <span className={onPromotion ? 'price-deal' : undefined}>{formatAmount(line.price)}</span>
          {onPromotion && (
            <s className="price-regular">
              <span className="visually-hidden">{t('regularPrice')} </span>
              {formatAmount(line.regular_price)}
            </s>
          )}
        </p>
        {line.available ? (
          <Stepper
            value={line.amount}
            min={CART_MIN_AMOUNT}
            max={Math.max(maxOf(line), line.amount)}
            onChange={onAmount}
            label={t('quantityOf', { name })}
          />
        ) : (
          <p className="cart-line-note">{t('unavailable')}</p>
        )}
      </div>
      <button
        type="button"
        className="text-button cart-line-remove"
        onClick={onRemove}
        aria-label={t('removeNamed', { name })}
      >
        {t('remove')}
      </button>
    </li>
  );
}
