import type { Language } from '#shared/constants';
import { formatMoney } from '../../../lib/format';

/** The API's decimal dollars as the shop shows them. */
export const dollars = (amount: number): string => formatMoney(Math.round(amount * 100));

/** A slot's window in the shop's time zone: "Wed 10:00–12:00". */
export function slotLabel(
  startsAt: string,
  endsAt: string | null,
  timeZone: string,
  language: Language,
): string {
  const locale = language === 'zh' ? 'zh-CN' : 'en-US';
  const time = new Intl.DateTimeFormat(locale, {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const day = new Intl.DateTimeFormat(locale, { timeZone, weekday: 'short', month: 'short', day: 'numeric' });
  const start = new Date(startsAt);
  const end = endsAt ? `–${time.format(new Date(endsAt))}` : '';
  return `${day.format(start)} ${time.format(start)}${end}`;
}
