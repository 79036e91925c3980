import { useTranslation } from 'react-i18next';
import type { OrderSlot as Slot } from '#shared/schemas/slots.zod';
import { slotLabel } from '#shared/slot-label';
import { useLanguage } from '#web/lib/i18n';
import './order-slot.css';

/** An order's delivery window on the shop's clock, in the shopper's language; nothing when it has none. */
export function OrderSlot({ slot, className }: { slot: Slot; className?: string }) {
  const { t } = useTranslation('orders');
  const language = useLanguage();
  if (!slot) return null;
  const when = slotLabel(new Date(slot.starts_at), new Date(slot.ends_at), slot.time_zone, language);
  return <span className={`order-slot ${className ?? ''}`.trim()}>{t('slot', { slot: when })}</span>;
}
