import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CART_MIN_AMOUNT } from '#shared/constants';
import { formatCents } from '#shared/money';
import type { CartItem } from '#shared/schemas/cart';
import { lineAvailability, lineLimit } from '#shared/schemas/cart.rules';
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
  /** The shopper chose to keep a sold-out or short line as it is (it is ordered for what is left). */
  kept?: boolean;
  onKeep?: () => void;
}

/**
 * One cart line: picture, name, unit, price (struck regular price on promotion), line total,
 * stepper (a typed quantity cut to the stock says "Only N left"), remove. A line at 0 says it is
 * not ordered (docs/product.md §5). A line sold out or short says so on itself, counts only what
 * can be bought, and offers the fixes: lower to what is left, remove, or keep it as it is.
 */
export function CartLine({ line, onAmount, onRemove, kept = false, onKeep }: CartLineProps) {
  const { t } = useTranslation('cart');
  const language = useLanguage();
  const name = nameOf(line, language);
  const { t: tc } = useTranslation('common');
  const onPromotion = line.price < line.regular_price;
  const limit = lineLimit(line);
  const quantity = useWeighedQuantity();
  const now = lineAvailability(line);
  const marked = now.state === 'short' || now.state === 'sold_out';
  /** A count as the shopper reads it: "4", or for weighed goods "1 lb" / "2 pieces, about 400 g". */
  const howMuch = (n: number) =>
    line.sold_by_weight ? quantity(line.sold_by_weight, n, line.sold_by_weight.step_grams * n) : String(n);
  return (
    <li
      className={`cart-line${line.available ? '' : ' is-unavailable'}${marked ? ' is-short' : ''}`}
      data-line={line.uuid}
    >
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
            {marked && (
              <StockMark
                name={name}
                soldOut={now.state === 'sold_out'}
                byStock={now.by_stock}
                left={howMuch(now.left)}
                amount={howMuch(line.amount)}
                lowerTo={now.left > 0 ? () => onAmount(now.left) : undefined}
                kept={kept}
                onKeep={onKeep}
                onRemove={onRemove}
              />
            )}
            <WhenMissingChoice line={line} />
          </>
        ) : (
          <p className="cart-line-note">{t('unavailable')}</p>
        )}
      </div>
      <div className="cart-line-side">
        <p className="cart-line-total">
          <span className="visually-hidden">{t('lineTotal')} </span>
          {formatCents(centsOf(line.price) * now.can_order)}
          {line.sold_by_weight && now.can_order > 0 && (
            <>
              {' '}
              <EstimateMark />
            </>
          )}
        </p>
        {!(marked && !kept) && (
          <ActionButton
            className="text-button cart-line-remove"
            label={t('removeNamed', { name })}
            onClick={onRemove}
          >
            {t('remove')}
          </ActionButton>
        )}
      </div>
    </li>
  );
}

interface StockMarkProps {
  name: string;
  soldOut: boolean;
  byStock: boolean;
  /** What is left and what the line holds, as the shopper reads them. */
  left: string;
  amount: string;
  lowerTo: (() => void) | undefined;
  kept: boolean;
  onKeep: (() => void) | undefined;
  onRemove: () => void;
}

/**
 * "Sold out" / "Only 4 left" on the line itself, with one-tap fixes until the shopper has chosen
 * to keep it (docs/product.md, Cart and checkout); the line's Remove moves here meanwhile.
 */
function StockMark({
  name,
  soldOut,
  byStock,
  left,
  amount,
  lowerTo,
  kept,
  onKeep,
  onRemove,
}: StockMarkProps) {
  const { t } = useTranslation('cart');
  const said = kept
    ? soldOut
      ? t('stock.keptSoldOut')
      : t('stock.keptShort', { left, amount })
    : soldOut
      ? t('stock.soldOut')
      : t(byStock ? 'stock.short' : 'stock.perOrder', { left, amount });
  return (
    <div className={`cart-line-stock${kept ? ' is-kept' : ''}`}>
      <p className="cart-line-stock-note">{said}</p>
      {!kept && (
        <div className="cart-line-fixes">
          {lowerTo && (
            <ActionButton label={t('stock.lowerNamed', { name, n: left })} onClick={lowerTo}>
              {t('stock.lower', { n: left })}
            </ActionButton>
          )}
          <ActionButton label={t('removeNamed', { name })} onClick={onRemove}>
            {t('remove')}
          </ActionButton>
          {onKeep && (
            <ActionButton label={t('stock.keepNamed', { name })} onClick={onKeep}>
              {t('stock.keep')}
            </ActionButton>
          )}
        </div>
      )}
    </div>
  );
}

/** A button whose name says which line it acts on ("Remove Pea Shoots from the cart"). */
export function ActionButton({
  label,
  onClick,
  children,
  className = 'button button-secondary',
}: {
  label: string;
  onClick: () => void;
  children: string;
  className?: string;
}) {
  return (
    <button type="button" className={className} onClick={onClick} aria-label={label}>
      {children}
    </button>
  );
}
