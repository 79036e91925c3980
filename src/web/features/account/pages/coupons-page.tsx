import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCents } from '#shared/money';
import type { AvailableCoupon } from '#shared/schemas/coupon.zod';
import { useAvailableCoupons } from '#web/api/coupons';
import { Loading } from '#web/components/ui/loading';
import { ErrorState } from '#web/components/ui/states';
import { TitlePage } from '#web/components/ui/title-page';
import { useSignedIn } from '#web/lib/auth';
import { formatWhen } from '#web/lib/date-time';
import { useLanguage } from '#web/lib/i18n';
import { centsOf } from '#web/lib/money';
import '../coupons.css';

/**
 * profile/coupons (docs/product.md §2): the title, then the coupons the shopper can use now, each
 * with its offer, minimum subtotal and end, and a link that applies it in the cart. A visitor, or a
 * shopper with none, gets the empty note: where codes come from and how they are used.
 */
export function CouponsPage() {
  const { t } = useTranslation(['profile', 'info']);
  const signedIn = useSignedIn();
  const coupons = useAvailableCoupons(signedIn);
  const title = t('menu.coupons');
  const empty = {
    drawing: 'basket' as const,
    title: t('info:coupons.title'),
    hint: t('info:coupons.hint'),
    actions: (
      <>
        <Link to="/promotions" className="button button-primary">
          {t('info:coupons.promotions')}
        </Link>
        <Link to="/cart" className="button button-secondary">
          {t('info:coupons.cart')}
        </Link>
      </>
    ),
  };
  if (!signedIn) return <TitlePage title={title} backTo="/profile" empty={empty} />;
  if (coupons.isPending) {
    return (
      <TitlePage title={title} backTo="/profile">
        <Loading />
      </TitlePage>
    );
  }
  if (coupons.isError) {
    return (
      <TitlePage title={title} backTo="/profile">
        <ErrorState error={coupons.error} onRetry={() => void coupons.refetch()} />
      </TitlePage>
    );
  }
  if (coupons.data.items.length === 0) return <TitlePage title={title} backTo="/profile" empty={empty} />;
  return (
    <TitlePage title={title} backTo="/profile">
      <p className="coupon-note">{t('couponList.note')}</p>
      <ul className="coupon-list" aria-label={t('couponList.label')}>
        {coupons.data.items.map((coupon) => (
          <CouponCard key={coupon.code} coupon={coupon} timeZone={coupons.data.time_zone} />
        ))}
      </ul>
    </TitlePage>
  );
}

function CouponCard({ coupon, timeZone }: { coupon: AvailableCoupon; timeZone: string }) {
  const { t } = useTranslation('profile');
  const language = useLanguage();
  const offer =
    coupon.kind === 'percent'
      ? t('couponList.percentOff', { value: coupon.value })
      : t('couponList.amountOff', { amount: formatCents(centsOf(coupon.value)) });
  return (
    <li className="coupon-card">
      <p className="coupon-offer">{offer}</p>
      <p className="coupon-code">{coupon.code}</p>
      <p className="coupon-terms">
        {coupon.min_spend > 0
          ? t('couponList.minSpend', { amount: formatCents(centsOf(coupon.min_spend)) })
          : t('couponList.noMinimum')}
      </p>
      <p className="coupon-terms">
        {t('couponList.endsAt', { when: formatWhen(coupon.ends_at, language, { timeZone }) })}
      </p>
      <Link
        to={`/cart?coupon=${encodeURIComponent(coupon.code)}`}
        className="button button-primary coupon-use"
        aria-label={t('couponList.useNamed', { code: coupon.code })}
      >
        {t('couponList.use')}
      </Link>
    </li>
  );
}
