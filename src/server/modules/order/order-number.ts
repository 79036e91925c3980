import { randomInt } from 'node:crypto';

/**
 * An order number: the date (YYMMDD) then 10 random digits, so numbers sort by day and cannot be
 * enumerated (10^10 per day). Uniqueness is the database's: a clash is retried.
 */
export function newOrderNumber(now: Date): string {
  const day = now.toISOString().slice(2, 10).replaceAll('-', '');
  const random =
    String(randomInt(0, 100_000)).padStart(5, '0') + String(randomInt(0, 100_000)).padStart(5, '0');
  return `${day}${random}`;
}
