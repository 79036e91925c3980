import type { Language } from '#shared/constants';
import { ORDER_STATUS, orderStatusName } from '#shared/schemas/order.rules';

/**
 * The API's decimal dollars (12.5) as the shop shows money: "$12.50". Written here rather than
 * taken from #shared/money: a module both entries import is split out of the storefront's first
 * load as a request of its own (docs/architecture.md §7, the operator console).
 */
export function money(amount: number): string {
  const cents = Math.round(amount * 100);
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}$${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A refund amount as the server takes it: dollars with at most two decimals, more than 0. */
export const isAmount = (text: string): boolean => /^\d{1,7}(\.\d{1,2})?$/.test(text) && Number(text) > 0;

/** A moment in the staff member's language, to the minute. */
export function when(iso: string | null | undefined, language: Language): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(language === 'zh' ? 'zh-CN' : 'en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}

/** The key of admin.json `orders.status.*` for an order: a paid order that is packed shows so. */
export function statusKey(status: number, packed: boolean): string {
  if (status === ORDER_STATUS.processing && packed) return 'orders.status.packed';
  return `orders.status.${orderStatusName(status) ?? 'unknown'}`;
}

/** Which status numbers the filter offers, in the spec's order. */
export const STATUS_NAMES = Object.keys(ORDER_STATUS) as (keyof typeof ORDER_STATUS)[];
