import type { TFunction } from 'i18next';
import { formatCents } from '#shared/money';
import type { AuditEntry } from '#shared/schemas/admin/audit.zod';
import { orderStatusName } from '#shared/schemas/order.rules';
import { isStaffRole } from '#shared/schemas/staff.rules';
import { ratePercent } from '#shared/tax';
import { changedFields } from './audit';

/*
 * The audit log as sentences in the reader's language: what was done ("Marked a line short",
 * "$1.66 refunded") and what it changed ("Changed the price from $3.98 to $3.49"). Texts are
 * `audit.actions.*`, `audit.fields.*` and `audit.change.*` in admin.json.
 */

type Formatter = { t: TFunction; when: (iso: string) => string };

const num = (value: unknown) => (typeof value === 'number' ? value : Number(value));
/** A synonym group's terms as one line ("青菜, 上海青, bok choy"). */
const termsOf = (value: unknown) => (Array.isArray(value) ? value.map(String).join(', ') : '');

/** What a line did, as one sentence. */
export function actionSentence(entry: Pick<AuditEntry, 'action' | 'before' | 'after'>, t: TFunction): string {
  const after = entry.after ?? {};
  const key = `audit.actions.${entry.action}`;
  switch (entry.action) {
    case 'order.refund':
      return t(key, {
        amount: formatCents(num(after.amount_cents)),
        ...(after.whole === true ? { context: 'whole' } : {}),
      });
    case 'order.line.mark':
      return t(key, {
        count: num(after.short_qty) || 0,
        ...(typeof after.state === 'string' ? { context: after.state } : {}),
      });
    case 'search.alias.add':
      return t(key, { alias: String(after.alias ?? '') });
    case 'search.alias.remove':
      return t(key, { alias: String(entry.before?.alias ?? '') });
    case 'search.synonyms.add':
    case 'search.synonyms.update':
      return t(key, { terms: termsOf(after.terms) });
    case 'search.synonyms.remove':
      return t(key, { terms: termsOf(entry.before?.terms) });
    case 'product.import':
      return t(key, { created: num(after.created) || 0, updated: num(after.updated) || 0 });
    case 'stock.received':
    case 'stock.damaged':
      return t(key, { count: num(after.quantity) || 0 });
    case 'stock.count':
      return t(key, { count: num(after.real_stock) || 0 });
    default:
      return t(key, { defaultValue: entry.action });
  }
}

/**
 * Fields a line's sentence already tells, or that say nothing to a reader on their own (a refund's
 * amount, the line a mark was on).
 */
const TOLD: Record<string, readonly string[]> = {
  'order.refund': ['amount_cents', 'whole'],
  'order.line.mark': ['line', 'state', 'short_qty'],
  'product.import': ['rows', 'created', 'updated', 'unchanged'],
  'stock.received': ['quantity'],
  'stock.damaged': ['quantity'],
  'stock.count': ['quantity', 'real_stock'],
  'search.alias.add': ['alias'],
  'search.alias.remove': ['alias'],
  'search.synonyms.add': ['terms'],
  'search.synonyms.remove': ['terms'],
};

/** A value as a reader sees it: an amount, a status, a role, a date, a weight, yes or no. */
export function readValue(field: string, value: unknown, { t, when }: Formatter): string {
  if (value === null || value === undefined || value === '') return t('audit.values.none');
  if (typeof value === 'boolean') {
    if (field === 'disabled') return t(value ? 'customers.state.disabled' : 'customers.state.active');
    return t(value ? 'audit.values.yes' : 'audit.values.no');
  }
  if (field.endsWith('_cents') && typeof value === 'number') return formatCents(value);
  // Product prices are kept as amounts (3.49), not cents.
  if ((field === 'price' || field.endsWith('_price')) && Number.isFinite(num(value)))
    return formatCents(Math.round(num(value) * 100));
  // Tax rates are kept in parts per million (a class's `rate_ppm`, an area's `rates` by class code).
  if (field.endsWith('_ppm') && Number.isInteger(value))
    return t('audit.change.percent', { rate: ratePercent(value as number) });
  if (field.endsWith('_g') && typeof value === 'number') return t('audit.change.grams', { count: value });
  if (field === 'term_days' && typeof value === 'number') return t('audit.change.days', { count: value });
  if (field.endsWith('_chars') && typeof value === 'number') return t('audit.change.chars', { count: value });
  if (field === 'status' && typeof value === 'number') {
    const name = orderStatusName(value);
    return name ? t(`customers.status.${name}`) : String(value);
  }
  if (field === 'role' && isStaffRole(value)) return t(`roles.${value}`);
  if (typeof value === 'string' && field.endsWith('_at')) return when(value);
  if (field === 'rates' && typeof value === 'object' && !Array.isArray(value)) {
    const rates = Object.entries(value).filter(
      (entry): entry is [string, number] => typeof entry[1] === 'number',
    );
    if (rates.length === 0) return t('audit.values.none');
    return rates
      .map(([code, ppm]) => `${code} ${t('audit.change.percent', { rate: ratePercent(ppm) })}`)
      .join(', ');
  }
  // A list (ZIP prefixes, a delivery area) reads as its items.
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object'))
    return value.length > 0 ? value.join(', ') : t('audit.values.none');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** What a line changed, one sentence a field, in the order the fields first appear. */
export function changeSentences(
  entry: Pick<AuditEntry, 'action' | 'before' | 'after'>,
  format: Formatter,
): string[] {
  const { t } = format;
  // Creating or deleting names its target; a sentence for each of its fields would bury that.
  if (/\.(create|delete)$/.test(entry.action)) return [];
  const told = TOLD[entry.action] ?? [];
  return changedFields(entry.before, entry.after)
    .filter((change) => !told.includes(change.field))
    .map(({ field, before, after }) => {
      const name = t(`audit.fields.${field}`, { defaultValue: field.replaceAll('_', ' ') });
      const values = {
        field: name,
        before: readValue(field, before, format),
        after: readValue(field, after, format),
      };
      if (typeof after === 'boolean') return t('audit.change.flag', values);
      if (before === undefined || before === null || before === '') return t('audit.change.set', values);
      if (after === undefined || after === null || after === '') return t('audit.change.cleared', values);
      return t('audit.change.changed', values);
    });
}
