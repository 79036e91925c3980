import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { rememberUser, userQueryOptions } from '#web/api/account';
import { StateView } from '#web/components/ui/states';
import { TitlePage } from '#web/components/ui/title-page';
import { useUser } from '#web/lib/auth';
import type { StoredUser } from '#web/lib/storage';
import { ProfileMenu } from '../components/profile-menu';
import '../profile.css';

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

/** Screens that show only a title (docs/product.md §2). */
function titleOnly(key: string) {
  return function TitleOnlyPage() {
    const { t } = useTranslation('profile');
    return <TitlePage title={t(key)} backTo="/profile" />;
  };
}

export const CouponsPage = titleOnly('menu.coupons');
export const NotificationsPage = titleOnly('menu.notifications');
export const ReturnsPage = titleOnly('menu.returns');
export const ReviewsPage = titleOnly('menu.reviews');
export function PromotionsPage() {
  const { t } = useTranslation('profile');
  return <TitlePage title={t('promotions')} tab />;
}
