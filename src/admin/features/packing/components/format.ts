import type { Language } from '#shared/constants';
import { formatMoney } from '../../../lib/format';

/** The API's decimal dollars as the shop shows them. */
export const dollars = (amount: number): string => formatMoney(Math.round(amount * 100));

/** The product's name in the staff member's language first, the other after it. */
export function namesOf(line: { en_name: string; zn_name: string }, language: Language): [string, string] {
  return language === 'zh' ? [line.zn_name, line.en_name] : [line.en_name, line.zn_name];
}

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
