import type { Language } from './constants';

/**
 * A delivery window as shoppers read it, on the shop's clock: "Tue 25 Nov, 10:00–12:00" /
 * "11月25日 周二 10:00–12:00". Built from the zone's calendar fields rather than a locale's
 * date format, so the server's mails and every browser say it alike.
 */

const EN_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const ZH_WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];
const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

interface Wall {
  month: number;
  day: number;
  weekday: number;
  clock: string;
}

function wallOf(instant: Date, timeZone: string): Wall {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(instant);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const weekday = new Date(Date.UTC(n('year'), n('month') - 1, n('day'))).getUTCDay();
  const clock = `${String(n('hour') % 24).padStart(2, '0')}:${String(n('minute')).padStart(2, '0')}`;
  return { month: n('month'), day: n('day'), weekday, clock };
}

/** The day part: "Tue 25 Nov" / "11月25日 周二". */
export function slotDayLabel(start: Date, timeZone: string, language: Language): string {
  const w = wallOf(start, timeZone);
  return language === 'zh'
    ? `${w.month}月${w.day}日 ${ZH_WEEKDAYS[w.weekday]}`
    : `${EN_WEEKDAYS[w.weekday]} ${w.day} ${EN_MONTHS[w.month - 1]}`;
}

/** The times part: "10:00–12:00" (an end at midnight reads 24:00). */
export function slotTimeLabel(start: Date, end: Date, timeZone: string): string {
  const to = wallOf(end, timeZone).clock;
  const sameDay = end.getTime() - start.getTime() <= 86_400_000 && to === '00:00';
  return `${wallOf(start, timeZone).clock}–${sameDay ? '24:00' : to}`;
}

/** The whole window: "Tue 25 Nov, 10:00–12:00" / "11月25日 周二 10:00–12:00". */
export function slotLabel(start: Date, end: Date, timeZone: string, language: Language): string {
  const day = slotDayLabel(start, timeZone, language);
  return `${day}${language === 'zh' ? ' ' : ', '}${slotTimeLabel(start, end, timeZone)}`;
}
