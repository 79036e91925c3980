import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DETAIL_MAX_QUANTITY, DETAIL_MIN_QUANTITY } from '#shared/constants';
import { lineLimit } from '#shared/schemas/cart.rules';
import { useAddToCart, useCartLines } from '#web/api/cart';
import { CartIcon } from '#web/components/ui/icons';
import { Stepper } from '#web/components/ui/stepper';
import { useSignedIn } from '#web/lib/auth';

/**
 * How many more can be added: the stock (or the per-order cap) less what the cart already holds,
 * at most 100 (docs/product.md, Product detail), and why when it is below 100.
 */
function useRoom(uuid: string, stock: number) {
  const { t } = useTranslation('catalogue');
  const line = useCartLines(useSignedIn()).data?.find((l) => l.uuid === uuid && l.available);
  const inCart = line?.amount ?? 0;
  const limit = line ? lineLimit(line) : { max: stock, byStock: true };
  const room = Math.min(Math.max(limit.max - inCart, 0), DETAIL_MAX_QUANTITY);
  const said =
    room >= DETAIL_MAX_QUANTITY
      ? undefined
      : room === 0
        ? t('product.limit.allInCart', { inCart })
        : inCart === 0
          ? t('product.limit.onlyLeft', { n: limit.max })
          : t(limit.byStock ? 'product.limit.onlyLeftInCart' : 'product.limit.perOrderInCart', {
              n: limit.max,
              inCart,
              room,
            });
  return { room, said };
}

/**
 * Quantity (1–100, never above what can still be added, saying why) and add-to-cart; not offered
 * at all when nothing is in stock (docs/product.md §2, §5).
 */
export function BuyBox({ uuid, stock }: { uuid: string; stock: number }) {
  const { t } = useTranslation('catalogue');
  const { add, pending, message } = useAddToCart();
  const [chosen, setQuantity] = useState(DETAIL_MIN_QUANTITY);
  const { room, said } = useRoom(uuid, stock);
  // The stock may drop (or the cart fill) after a quantity was chosen: it follows, never above.
  const quantity = Math.max(Math.min(chosen, room), DETAIL_MIN_QUANTITY);
  // Counts the shopper's changes of the quantity, to tell whether one came while an add was on its way.
  const edits = useRef(0);
  const change = (next: number) => {
    edits.current++;
    setQuantity(next);
  };
  const addQuantity = () => {
    const sent = edits.current;
    // Back to 1 once it is in the cart, ready for the next add; unless the shopper has chosen
    // another quantity while the add was on its way.
    add(uuid, quantity, () => {
      if (edits.current === sent) setQuantity(DETAIL_MIN_QUANTITY);
    });
  };
  if (stock < 1) {
    return (
      <p className="sold-out-note" role="status">
        {t('product.outOfStock')}
      </p>
    );
  }
  return (
    <div className="buy-box">
      <Stepper
        value={quantity}
        min={DETAIL_MIN_QUANTITY}
        max={Math.max(room, DETAIL_MIN_QUANTITY)}
        onChange={change}
        label={t('product.quantity')}
      />
      <button
        type="button"
        className="button button-primary buy-button"
        disabled={pending || room === 0}
        aria-busy={pending}
        onClick={addQuantity}
      >
        <CartIcon width={20} height={20} />
        {pending ? t('product.adding') : t('product.addToCart')}
      </button>
      {said && (
        <p className="buy-box-limit" role="status">
          {said}
        </p>
      )}
      {message && (
        <p role="alert" style={{ flexBasis: '100%', margin: 0, color: 'var(--red)', fontWeight: 600 }}>
          {message}
        </p>
      )}
    </div>
  );
}
