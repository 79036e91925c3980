/*
 * The audit log's vocabulary, shared by the server's writers and the console's reader
 * (docs/api.md, Admin: audit): every action a line can name has a sentence in both languages
 * (`audit.actions.<action>` in admin.json; audit.rules.test.ts checks the code writes no other).
 */

const moves = (area: string) => [`${area}.move.up`, `${area}.move.down`];
const crud = (area: string) => [`${area}.create`, `${area}.update`, `${area}.delete`];

/** Every action the code writes, as `area.verb`. */
export const AUDIT_ACTIONS: readonly string[] = [
  'customer.disable',
  'customer.enable',
  'order.pack',
  'order.ship',
  'order.complete',
  'order.cancel',
  'order.refund',
  'order.line.mark',
  'staff.invite',
  'staff.role',
  'staff.remove',
  'staff.password.set',
  'staff.totp.enable',
  'staff.totp.disable',
  'staff.totp.reset',
  'staff.recovery.renew',
  'delivery.update',
  'settings.update',
  'delivery.slots.update',
  'search.alias.add',
  'search.alias.remove',
  'search.synonyms.add',
  'search.synonyms.update',
  'search.synonyms.remove',
  ...crud('promotion'),
  ...crud('coupon'),
  ...crud('banner'),
  ...moves('banner'),
  'banner.publish',
  'banner.unpublish',
  ...crud('plate'),
  ...moves('plate'),
  'plate.publish',
  'plate.unpublish',
  ...crud('category'),
  ...moves('category'),
  'product.create',
  'product.update',
  'product.publish',
  'product.unpublish',
  'product.delete',
  'product.archive',
  'product.import',
  'product.pictures.add',
  'product.pictures.order',
  'product.pictures.delete',
  'stock.received',
  'stock.damaged',
  'stock.count',
  'stock.threshold',
  ...crud('tax.class'),
  ...crud('tax.area'),
];

/** The kinds of target the log can be filtered by (a line's `targetType`). */
export const AUDIT_TARGET_TYPES = [
  'product',
  'category',
  'order',
  'customer',
  'staff',
  'promotion',
  'coupon',
  'banner',
  'plate',
  'delivery',
  'tax_class',
  'tax_area',
  'settings',
] as const;
