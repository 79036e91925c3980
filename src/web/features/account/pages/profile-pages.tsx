import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { rememberUser, userQueryOptions } from '#web/api/account';
import type { DrawingName } from '#web/components/ui/state-drawings';
import { StateView } from '#web/components/ui/states';
import { TitlePage } from '#web/components/ui/title-page';
import { useUser } from '#web/lib/auth';
import type { StoredUser } from '#web/lib/storage';
import { ProfileMenu } from '../components/profile-menu';
import '../profile.css';

export { CouponsPage } from './coupons-page';
export { NotificationsPage } from './notifications-page';
export { PromotionsPage } from './promotions-page';

/** The profile tab (docs/product.md §2): the menu when signed in; 'No Sign In' with a sign-in button otherwise. */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const user = useUser();
  return (
    <TitlePage title={t('title')} tab>
      {user ? (
        <SignedInProfile user={user} />
      ) : (
        <StateView
          kind="noUser"
          action={
            <Link to="/account" className="button button-primary">
              {t('signIn')}
            </Link>
          }
        />
      )}
    </TitlePage>
  );
}

/** The menu from the stored user at once; the server's answer then refreshes it (a 401 signs out). */
function SignedInProfile({ user }: { user: StoredUser }) {
  const queryClient = useQueryClient();
  const fresh = useQuery(userQueryOptions(user.token));
  useEffect(() => {
    if (fresh.data) rememberUser(fresh.data, queryClient);
  }, [fresh.data, queryClient]);
  return <ProfileMenu user={user} />;
}

/** Links of an empty screen: what the shopper can do now. */
function EmptyLinks({ links }: { links: [to: string, label: string][] }) {
  return links.map(([to, label], i) => (
    <Link key={to} to={to} className={`button ${i === 0 ? 'button-primary' : 'button-secondary'}`}>
      {label}
    </Link>
  ));
}

/**
 * Screens that had only a title (docs/product.md §2): the shop keeps no returns or reviews list
 * a shopper could see yet, so each says what will appear there and how
 * things work now, with links onwards.
 */
function emptyPage(key: 'returns' | 'reviews', drawing: DrawingName, links: [string, string][]) {
  return function EmptyPage() {
    const { t } = useTranslation(['profile', 'info', 'site']);
    const empty = {
      drawing,
      title: t(`info:${key}.title`),
      hint: t(`info:${key}.hint`),
      actions: <EmptyLinks links={links.map(([to, label]) => [to, t(label)])} />,
    };
    return <TitlePage title={t(`menu.${key}`)} backTo="/profile" empty={empty} />;
  };
}

export const ReturnsPage = emptyPage('returns', 'receipt', [
  ['/returns-policy', 'info:returns.policy'],
  ['/contact', 'info:returns.contact'],
]);
export const ReviewsPage = emptyPage('reviews', 'search', [['/categories', 'info:reviews.shop']]);
