import { useTranslation } from 'react-i18next';

/**
 * Where the times are: the shop's time zone (SHOP_TIME_ZONE, as the server answers it), which the
 * console shows and enters promotions', coupons' and banners' times in, whatever the computer's.
 */
export function TimeZoneHint({ zone }: { zone: string | undefined }) {
  const { t } = useTranslation();
  return zone ? <p className="admin-hint">{t('app.shopTimeZone', { zone })}</p> : null;
}
