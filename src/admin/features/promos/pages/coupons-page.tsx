import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCents } from '#shared/money';
import { can } from '#shared/schemas/staff.rules';
import { centsOf } from '#web/lib/money';
import { useStaff } from '../../../api/me';
import { Forbidden } from '../../../components/ui/states';
import { usePageTitle } from '../../../lib/page-title';
import { newPromoPath, promoPath } from '../../../lib/urls/promotions';
import { type Coupon, couponsQuery } from '../api/promos';
import { PromoListFrame, PromoStateBadge } from '../components/promo-state';
import '../promos.css';

/** "10% off" or "$5.00 off", and the minimum spend. */
export function useDiscountText() {
  const { t } = useTranslation();
  return (c: Pick<Coupon, 'kind' | 'value'>) =>
    c.kind === 'percent'
      ? t('coupons.percentOff', { value: c.value })
      : t('coupons.fixedOff', { value: formatCents(centsOf(c.value)) });
}

/** Coupons with their uses so far and limits; `catalogue.manage`. */
export function CouponsPage() {
  const { t } = useTranslation();
  usePageTitle(t('coupons.title'));
  const allowed = can(useStaff().role, 'catalogue.manage');
  const list = useQuery({ ...couponsQuery(), enabled: allowed });
  const discount = useDiscountText();
  if (!allowed) return <Forbidden />;
  const limit = (n: number | null) => (n === null ? t('coupons.unlimited') : String(n));
  return (
    <PromoListFrame texts="coupons" to={newPromoPath('coupons')} list={list}>
      {(items) => (
        <table className="admin-table">
          <caption className="visually-hidden">{t('coupons.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('coupons.fields.code')}</th>
              <th scope="col">{t('coupons.fields.discount')}</th>
              <th scope="col">{t('coupons.fields.period')}</th>
              <th scope="col">{t('coupons.fields.uses')}</th>
              <th scope="col">{t('coupons.fields.perShopperLimit')}</th>
              <th scope="col">{t('promotions.fields.state')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((c) => (
              <tr key={c.id}>
                <th scope="row">
                  <Link to={promoPath('coupons', c.id)}>{c.code}</Link>
                  {c.public ? <span className="admin-hint"> {t('coupons.shown')}</span> : null}
                </th>
                <td>
                  {discount(c)}
                  {c.min_spend > 0 ? (
                    <span className="admin-hint">
                      {' '}
                      {t('coupons.minSpendOf', { value: formatCents(centsOf(c.min_spend)) })}
                    </span>
                  ) : null}
                </td>
                <td>
                  {c.starts_at.replace('T', ' ')} – {c.ends_at.replace('T', ' ')}
                </td>
                <td>{t('coupons.usesOf', { uses: c.uses, limit: limit(c.usage_limit) })}</td>
                <td>{limit(c.per_shopper_limit)}</td>
                <td>
                  <PromoStateBadge state={c.state} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </PromoListFrame>
  );
}
