import { useTranslation } from 'react-i18next';
import { formatCents } from '#shared/money';
import type { ShopperEvent } from '#shared/schemas/notification';
import { formatWeight } from '#shared/weight';
import { formatWhen } from '#web/lib/date-time';
import { useLanguage } from '#web/lib/i18n';
import { nameOf } from '#web/lib/localized';
import { centsOf } from '#web/lib/money';
import './order-event.css';

/**
 * What an order event says, in the shopper's language (docs/product.md, Following an order): its
 * kind's text (`orders:timeline.kinds.*`, or the generic one for a kind without a text yet), then
 * its details, and the moment on the shop's clock.
 */
export function OrderEventText({
  event,
  timeZone,
  weightUnit,
}: {
  event: ShopperEvent;
  timeZone: string;
  weightUnit: 'lb' | 'kg';
}) {
  const { t } = useTranslation('orders');
  const language = useLanguage();
  const d = event.details;
  // Taken off a held card before its capture: nothing was charged, so nothing was refunded.
  const kind = event.kind === 'refunded' && d.held ? 'refunded_held' : event.kind;
  const facts: string[] = [];
  if (d.line) facts.push(t('timeline.detail.line', { name: nameOf(d.line, language) }));
  if (d.state) facts.push(t(`timeline.state.${d.state}`, { count: d.short ?? 0, defaultValue: d.state }));
  if (d.products?.length)
    facts.push(
      t('timeline.detail.products', { names: d.products.map((p) => nameOf(p, language)).join(', ') }),
    );
  if (d.grams !== undefined)
    facts.push(t('timeline.detail.weight', { weight: formatWeight(d.grams, weightUnit, language) }));
  if (d.amount !== undefined)
    facts.push(t('timeline.detail.amount', { amount: formatCents(centsOf(d.amount)) }));
  if (d.carrier) facts.push(t('timeline.detail.carrier', { carrier: d.carrier }));
  if (d.tracking) facts.push(t('timeline.detail.tracking', { tracking: d.tracking }));
  return (
    <>
      <span className="order-event-head">
        <strong className="order-event-kind">
          {t(`timeline.kinds.${kind}`, { defaultValue: t('timeline.kinds.other') })}
        </strong>
        <time className="order-event-when" dateTime={event.at}>
          {formatWhen(event.at, language, { timeZone })}
        </time>
      </span>
      {facts.length > 0 && <span className="order-event-facts">{facts.join(' · ')}</span>}
    </>
  );
}
