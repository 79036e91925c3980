import type { Language } from '#shared/constants';

const LOCALES: Record<Language, string> = { en: 'en-US', zh: 'zh-CN' };

/** A moment as staff read it, in their language and the browser's time zone: "Nov 24, 2026, 9:30 PM". */
export function formatWhen(iso: string | null | undefined, language: Language): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A time of day only ("9:30 PM"), for what happens within the hour. */
export function formatTime(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(LOCALES[language], { timeStyle: 'short' }).format(date);
}

/** The product's name in the staff member's language first, the other after it. */
export function bothNames(line: { en_name: string; zn_name: string }, language: Language): [string, string] {
  return language === 'zh' ? [line.zn_name, line.en_name] : [line.en_name, line.zn_name];
}

/** A dollar amount the API answers as a decimal number (12.5) to cents. */
export const amountCents = (amount: number): number => Math.round(amount * 100);

const DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', useGrouping: false });

/**
 * Cents as the shop shows amounts in both languages ("$12.50", docs/product.md §9). Not
 * `#shared/money`'s formatCents: a module both entries import is split out of the storefront's
 * first-load chunk, one more request for every shopper (§7, the console).
 */
export const formatMoney = (cents: number): string => DOLLARS.format(Math.round(cents) / 100);
