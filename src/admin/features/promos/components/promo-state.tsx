import { useTranslation } from 'react-i18next';
import type { PromoState } from '#shared/schemas/promo.rules';

/** Scheduled, running, ended (or disabled, for a coupon), as a badge. */
export function PromoStateBadge({ state }: { state: PromoState | 'disabled' }) {
  const { t } = useTranslation();
  return <span className={`promo-state is-${state}`}>{t(`promotions.state.${state}`)}</span>;
}

/** Where the times are: the shop's time zone, which the console shows and enters them in. */
export function TimeZoneHint({ zone }: { zone: string | undefined }) {
  const { t } = useTranslation();
  return zone ? <p className="admin-hint">{t('promotions.timeZone', { zone })}</p> : null;
}
