import { packingListUrl } from '../../../lib/urls/orders';
/** One packing list's orders: where it starts and ends in the day's list (1-based) and its link. */
export interface PackingListPart {
  from: number;
  to: number;
  href: string;
}

/**
 * The packing lists of these orders (its Back returns to `day`): one, or one per `max` orders — what
 * one list takes — so a slot of more orders is never cut short.
 */
export function packingListParts(orderNos: string[], day: string, max: number): PackingListPart[] {
  const parts: PackingListPart[] = [];
  for (let from = 0; from < orderNos.length; from += max) {
    const part = orderNos.slice(from, from + max);
    parts.push({
      from: from + 1,
      to: from + part.length,
      href: packingListUrl(part, day),
    });
  }
  return parts;
}
