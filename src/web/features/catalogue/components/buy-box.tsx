import { useState } from 'react';
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
        onChange={setQuantity}
        label={t('product.quantity')}
      />
      <button
        type="button"
        className="button button-primary buy-button"
        disabled={pending}
        // The quantity goes back to 1 once it is in the cart, ready for the next add.
        onClick={() => add(uuid, quantity, () => setQuantity(DETAIL_MIN_QUANTITY))}
      >
        <CartIcon width={20} height={20} />
        {t('product.addToCart')}
      </button>
      {message && (
        <p role="alert" style={{ flexBasis: '100%', margin: 0, color: 'var(--red)', fontWeight: 600 }}>
          {message}
        </p>
      )}
    </div>
  );
}
