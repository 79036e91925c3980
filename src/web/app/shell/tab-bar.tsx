import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useCartCount } from '#web/api/cart';
import { NAV_ITEMS } from './nav-items';

/** The phone's bottom tab bar; the cart tab carries the badge. */
export function TabBar() {
  const { t } = useTranslation('common');
  const cartCount = useCartCount();
  return (
    <nav className="tab-bar" aria-label={t('nav.tabs')}>
      {NAV_ITEMS.map(({ to, label, Icon }) => (
        <NavLink key={to} to={to} end={to === '/profile'} className="tab-link">
          <span className="tab-icon">
            <Icon />
            {to === '/cart' && cartCount !== undefined && (
              <span className={`badge${cartCount > 0 ? ' is-active' : ''}`} data-testid="tab-cart-badge">
                {cartCount > 99 ? '99+' : cartCount}
              </span>
            )}
          </span>
          <span className="tab-label">{t(label)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
