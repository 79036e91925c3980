import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { can } from '#shared/schemas/staff.rules';
import { useStaff } from '../../../api/me';
import { Forbidden } from '../../../components/ui/states';
import { usePageTitle } from '../../../lib/page-title';
import { newPromoPath, promoPath } from '../../../lib/urls/promotions';
import { promotionsQuery } from '../api/promos';
import { PromoListFrame, PromoStateBadge } from '../components/promo-state';
import '../promos.css';

/** Promotions with their state (scheduled / running / ended); `catalogue.manage`. */
export function PromotionsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('promotions.title'));
  const allowed = can(useStaff().role, 'catalogue.manage');
  const list = useQuery({ ...promotionsQuery(), enabled: allowed });
  if (!allowed) return <Forbidden />;
  const zh = i18n.language.startsWith('zh');
  return (
    <PromoListFrame texts="promotions" to={newPromoPath('promotions')} list={list}>
      {(items) => (
        <table className="admin-table">
          <caption className="visually-hidden">{t('promotions.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('promotions.fields.name')}</th>
              <th scope="col">{t('promotions.fields.startsAt')}</th>
              <th scope="col">{t('promotions.fields.endsAt')}</th>
              <th scope="col">{t('promotions.fields.products')}</th>
              <th scope="col">{t('promotions.fields.state')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((p) => (
              <tr key={p.id}>
                <th scope="row">
                  <Link to={promoPath('promotions', p.id)}>{zh ? p.zn_name : p.en_name}</Link>
                </th>
                <td>{p.starts_at.replace('T', ' ')}</td>
                <td>{p.ends_at.replace('T', ' ')}</td>
                <td>{p.product_count}</td>
                <td>
                  <PromoStateBadge state={p.state} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </PromoListFrame>
  );
}
