import { useTranslation } from 'react-i18next';
import { slotLabel } from '#shared/slot-label';
import type { OrderSlot } from '../api/orders';

/** An order's delivery window on the shop's clock, in the console's language; "No window" when it has none. */
export function OrderSlotText({ slot }: { slot: OrderSlot }) {
  const { t, i18n } = useTranslation();
  if (!slot) return <span className="orders-sub">{t('slots.none')}</span>;
  const language = i18n.language === 'zh' ? 'zh' : 'en';
  return <>{slotLabel(new Date(slot.starts_at), new Date(slot.ends_at), slot.time_zone, language)}</>;
}
