import type { Language } from '#shared/constants';

const LOCALES: Record<Language, string> = { en: 'en-US', zh: 'zh-CN' };

export interface WhenOptions {
  /**
   * The shop's time zone (SHOP_TIME_ZONE, as answers carry it in `time_zone`): a moment reads the
   * same whatever the computer's zone. Without it, the browser's.
   */
  timeZone?: string | undefined;
  /** A time of day only ("9:30 PM"), for what happens within the hours ahead. */
  timeOnly?: boolean;
}

/**
 * A moment as people read it in their language, to the minute: "Nov 24, 2026, 9:30 PM" /
 * "2026年11月24日 21:30". Empty for no moment; an unreadable one is shown as it came.
 */
export function formatWhen(
  iso: string | null | undefined,
  language: Language,
  options: WhenOptions = {},
): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(LOCALES[language], {
    ...(options.timeOnly ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' }),
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
  }).format(date);
}
