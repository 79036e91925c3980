import type { Address } from '#shared/schemas/address';

/** An address as two lines for lists: "Name Surname · phone", then where. */
export function addressLines(a: Omit<Address, 'uuid' | 'default_status'>): [string, string] {
  return [
    `${a.name} ${a.surname} · ${a.phone}`,
    `${a.address}, ${a.area}, ${a.city}, ${a.province} ${a.zip}`,
  ];
}
