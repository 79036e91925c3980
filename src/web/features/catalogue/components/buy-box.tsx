import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DETAIL_MAX_QUANTITY, DETAIL_MIN_QUANTITY } from '#shared/constants';
import { useAddToCart } from '#web/api/cart';
import { CartIcon } from '#web/components/ui/icons';
import { Stepper } from '#web/components/ui/stepper';

/** Quantity (1–100) and add-to-cart; not offered at all when nothing is in stock (docs/product.md §2, §5). */
export function BuyBox({ uuid, stock }: { uuid: string; stock: number }) {
  const { t } = useTranslation('catalogue');
  const { add, pending, message } = useAddToCart();
  const [quantity, setQuantity] = useState(DETAIL_MIN_QUANTITY);
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
        max={DETAIL_MAX_QUANTITY}
        onChange={change}
        label={t('product.quantity')}
      />
      <button
        type="button"
        className="button button-primary buy-button"
        disabled={pending}
        aria-busy={pending}
        onClick={addQuantity}
      >
        <CartIcon width={20} height={20} />
        {pending ? t('product.adding') : t('product.addToCart')}
      </button>
      {message && (
        <p role="alert" style={{ flexBasis: '100%', margin: 0, color: 'var(--red)', fontWeight: 600 }}>
          {message}
        </p>
      )}
    </div>
  );
}
