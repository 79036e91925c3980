import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePromotionList } from '#web/api/catalogue';
import { ImageBox } from '#web/components/ui/image-box';
import { Loading } from '#web/components/ui/loading';
import { ErrorState } from '#web/components/ui/states';
import { TitlePage } from '#web/components/ui/title-page';
import { formatWhen } from '#web/lib/date-time';
import { useLanguage } from '#web/lib/i18n';
import { nameOf } from '#web/lib/localized';
import '../coupons.css';

/**
 * The promotions tab (docs/product.md §2): its title, then the promotions running now, the soonest
 * to end first, each with its ad, name and end, leading to promotion/{id}.
 */
export function PromotionsPage() {
  const { t } = useTranslation('profile');
  const language = useLanguage();
  const promotions = usePromotionList();
  const title = t('promotions');
  if (promotions.isPending) {
    return (
      <TitlePage title={title} tab>
        <Loading />
      </TitlePage>
    );
  }
  if (promotions.isError) {
    return (
      <TitlePage title={title} tab>
        <ErrorState error={promotions.error} onRetry={() => void promotions.refetch()} />
      </TitlePage>
    );
  }
  const { items, time_zone: timeZone } = promotions.data;
  if (items.length === 0) {
    const empty = {
      drawing: 'basket' as const,
      title: t('promotionList.empty'),
      hint: t('promotionList.emptyHint'),
      actions: (
        <Link to="/categories" className="button button-primary">
          {t('promotionList.browse')}
        </Link>
      ),
    };
    return <TitlePage title={title} tab empty={empty} />;
  }
  return (
    <TitlePage title={title} tab>
      <ul className="promotion-list" aria-label={t('promotionList.label')}>
        {items.map((promotion, i) => (
          <li key={promotion.id} className="promotion-card">
            <Link to={`/promotion/${promotion.id}`}>
              <ImageBox
                src={promotion.ad_img}
                kind="ad"
                alt=""
                sizes="(min-width: 960px) 400px, 100vw"
                priority={i === 0}
              />
              <p className="promotion-card-name">{nameOf(promotion, language)}</p>
              <p className="promotion-card-ends">
                {t('promotionList.endsAt', { when: formatWhen(promotion.ends_at, language, { timeZone }) })}
              </p>
            </Link>
          </li>
        ))}
      </ul>
    </TitlePage>
  );
}
