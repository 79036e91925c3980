import { personName } from '#shared/person-name';
import type { Address } from '#shared/schemas/address';
import { formatPhone, shownArea } from '#shared/schemas/address.rules';

export { personName };

/**
 * An address as two lines for lists: the name (personName, ordered by its script) and phone
 * (formatPhone), then where, without an empty second line (shownArea).
 */
export function addressLines(a: Omit<Address, 'uuid' | 'default_status' | 'instructions'>): [string, string] {
  const where = [a.address, shownArea(a.area), a.city, `${a.province} ${a.zip}`].filter(Boolean);
  return [`${personName(a)} · ${formatPhone(a.phone)}`, where.join(', ')];
}
