import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CartIcon } from './icons';

/** A link to the cart with its badge; the count comes from the caller (none for a visitor: no badge). */
export function CartLink({ count, className }: { count: number | undefined; className?: string }) {
  const { t } = useTranslation('common');
  return (
    <Link
      to="/cart"
      className={`cart-link${className ? ` ${className}` : ''}`}
      aria-label={count === undefined ? t('nav.cart') : t('cart.badge', { count })}
    >
      <CartIcon />
      {count !== undefined && (
        <span className={`badge${count > 0 ? ' is-active' : ''}`} aria-hidden="true" data-testid="cart-badge">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
