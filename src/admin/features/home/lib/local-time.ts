/*
 * A banner's schedule in the console: a datetime-local field holds the staff member's local time
 * ("2026-11-25T09:00"); the server takes and answers ISO moments.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO moment as a datetime-local value in this browser's time zone; '' for none. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value as the ISO moment it means here; '' for none (or a value not understood). */
export function fromLocalInput(value: string): string {
  if (!value) return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString();
}
