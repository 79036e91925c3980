import type { Permission, StaffRole } from '#shared/schemas/staff.rules';
import { can } from '#shared/schemas/staff.rules';

export interface NavItem {
  to: string;
  /** A key of admin.json (`nav.*`, or the feature's own title). */
  label: string;
  permission: Permission;
}

/**
 * The side navigation, in its order (docs/architecture.md §7, the console). Only built pages are
 * listed: Today (orders.view), Orders (orders.view), Customers (customers.view) and Audit
 * (audit.view) join here as they arrive, never as empty pages.
 */
export const NAV_ITEMS: NavItem[] = [
  { to: '/admin/orders', label: 'orders.title', permission: 'orders.view' },
  { to: '/admin/staff', label: 'nav.staff', permission: 'staff.manage' },
];

/** The items a role may open: the others are not shown at all. */
export function navItemsFor(role: StaffRole): NavItem[] {
  return NAV_ITEMS.filter((item) => can(role, item.permission));
}
