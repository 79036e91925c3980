import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { useSignOut, useStaff } from '../api/me';
import { LanguageSwitch } from '../components/ui/language-switch';
import { accountPath } from '../lib/urls/account';
import { todayPath } from '../lib/urls/today';
import { navItemsFor } from './nav-items';

/** The console's frame: side navigation by role, a top bar with who is signed in, the language and sign-out. */
export function AdminLayout() {
  const { t } = useTranslation();
  const staff = useStaff();
  const signOut = useSignOut();
  const items = staff.totpRequired ? [] : navItemsFor(staff.role);
  return (
    <div className="admin">
      <a className="skip-link" href="#admin-main">
        {t('app.skip')}
      </a>
      <aside className="admin-side">
        <p className="admin-brand">{t('app.title')}</p>
        {items.length > 0 ? (
          <nav aria-label={t('nav.label')}>
            <ul className="admin-nav">
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.to === todayPath} className="admin-nav-link">
                    {t(item.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </aside>
      <div className="admin-body">
        <header className="admin-top">
          <NavLink to={accountPath} className="admin-who">
            <span className="admin-who-name">{staff.name || staff.email}</span>
            <span className="admin-who-role">{t(`roles.${staff.role}`)}</span>
          </NavLink>
          <LanguageSwitch />
          <button
            type="button"
            className="button button-secondary admin-sign-out"
            disabled={signOut.isPending}
            onClick={() => signOut.mutate()}
          >
            {t('app.signOut')}
          </button>
        </header>
        <main id="admin-main" className="admin-main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
