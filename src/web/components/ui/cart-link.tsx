import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CartIcon } from './icons';

/** A link to the cart with its badge; the count comes from the caller (0 for a visitor). */
export function CartLink({ count, className }: { count: number; className?: string }) {
  const { t } = useTranslation('common');
  return (
    <Link
      to="/cart"
      className={`cart-link${className ? ` ${className}` : ''}`}
      aria-label={t('cart.badge', { count })}
    >
      <CartIcon />
      <span className={`badge${count > 0 ? ' is-active' : ''}`} aria-hidden="true" data-testid="cart-badge">
        {count > 99 ? '99+' : count}
      </span>
    </Link>
  );
}
