import type { TFunction } from 'i18next';

/**
 * Where a refund went, as the timeline says it: "To: Card ending 4242", "To: Alipay"; empty when
 * the entry does not say (never a bare "To:"). The server records `{kind, vendor, cardLast4}`.
 */
export function refundDestination(to: unknown, t: TFunction): string {
  if (typeof to === 'string') return to.trim() ? t('orders.timeline.to', { to: to.trim() }) : '';
  if (!to || typeof to !== 'object') return '';
  const { kind, vendor, cardLast4 } = to as Record<string, unknown>;
  const key = [vendor, kind].find((v): v is string => typeof v === 'string' && v !== '');
  if (!key) return '';
  const method = t(`orders.method.${key}`, { defaultValue: key });
  if (typeof cardLast4 === 'string' && cardLast4 !== '')
    return t('orders.timeline.toCard', { method, last4: cardLast4 });
  return t('orders.timeline.to', { to: method });
}
