import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BellIcon, ChevronRightIcon } from '#web/components/ui/icons';
import type { StoredUser } from '#web/lib/storage';

const MENU = ['orders', 'reviews', 'returns', 'coupons', 'address', 'payments'] as const;

/** The shopper's picture, or the first letter of their name on green when they have none. */
export function Avatar({ user, size = 64 }: { user: Pick<StoredUser, 'avatar' | 'name'>; size?: number }) {
  const style = { width: size, height: size, fontSize: size * 0.4 };
  return user.avatar ? (
    <img className="profile-avatar" src={user.avatar} alt="" width={size} height={size} style={style} />
  ) : (
    <span className="profile-avatar" aria-hidden="true" style={style}>
      {[...user.name][0]?.toUpperCase()}
    </span>
  );
}

/** A signed-in shopper's menu (docs/product.md §2): who they are, settings, notifications, and their lists. */
export function ProfileMenu({ user }: { user: StoredUser }) {
  const { t } = useTranslation('profile');
  return (
    <div className="profile">
      <section className="profile-card" aria-label={t('title')}>
        <Avatar user={user} />
        <div className="profile-who">
          <p className="profile-name">{user.name}</p>
          <p className="profile-email">{user.email}</p>
        </div>
        <div className="profile-actions">
          <Link to="/profile/notifications" className="icon-button" aria-label={t('menu.notifications')}>
            <BellIcon />
          </Link>
          <Link to="/profile/settings" className="button button-secondary">
            {t('menu.settings')}
          </Link>
        </div>
      </section>
      <ul className="menu-list">
        {MENU.map((item) => (
          <li key={item}>
            <Link to={`/profile/${item}`} className="menu-row">
              <span>{t(`menu.${item}`)}</span>
              <ChevronRightIcon />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
