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

/** A dollar amount the API answers as a decimal number (12.5) to cents, for formatCents. */
export const amountCents = (amount: number): number => Math.round(amount * 100);
