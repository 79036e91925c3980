import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { useCartCount } from '#web/api/cart';
import { useNotifications } from '#web/api/notifications';
import { CartLink } from '#web/components/ui/cart-link';
import { BellIcon, SearchIcon } from '#web/components/ui/icons';
import { LanguageSwitch } from '#web/components/ui/language-switch';
import { useUser } from '#web/lib/auth';
import { BellMenu } from './bell-menu';
import { BrandMark } from './brand-mark';
import { NAV_ITEMS } from './nav-items';

/**
 * The top bar. Wide screens: brand, navigation, search, notifications, cart, language. Phones show it
 * on the tab screens only: the search-box link, the bell and the language switch (docs/product.md §2, Home).
 * A visitor's bell links to the notifications page; a shopper's opens their newest order events.
 */
export function TopBar() {
  const { t } = useTranslation('common');
  const cartCount = useCartCount();
  const signedIn = useUser() !== null;
  const unread = useNotifications().data?.unread;
  // The search page has its own box; a second one beside it would only confuse.
  const onSearch = useLocation().pathname === '/search';
  return (
    <header className="top-bar">
      <div className="top-bar-inner container">
        <Link to="/home" className="brand" aria-label={t('nav.brandHome')}>
          <BrandMark />
          <span className="brand-name wide-only">{t('title')}</span>
        </Link>
        <nav className="top-nav wide-only" aria-label={t('nav.label')}>
          {NAV_ITEMS.filter((item) => item.to !== '/cart').map((item) => (
            <NavLink key={item.to} to={item.to} className="top-nav-link">
              {t(item.label)}
            </NavLink>
          ))}
        </nav>
        {onSearch ? (
          <span className="search-link-gap" />
        ) : (
          <Link to="/search" className="search-link">
            <SearchIcon width={20} height={20} />
            <span>{t('search.placeholder')}</span>
          </Link>
        )}
        {signedIn ? (
          <BellMenu unread={unread ?? 0} />
        ) : (
          <Link to="/profile/notifications" className="icon-button" aria-label={t('nav.notifications')}>
            <BellIcon />
          </Link>
        )}
        <CartLink count={cartCount} className="wide-only" />
        <LanguageSwitch />
      </div>
    </header>
  );
}
