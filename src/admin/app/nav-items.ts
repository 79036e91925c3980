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
 * listed, never empty ones. Today (/admin) is every role's home.
 */
export const NAV_ITEMS: NavItem[] = [
  { to: '/admin', label: 'today.title', permission: 'orders.view' },
  { to: '/admin/orders', label: 'orders.title', permission: 'orders.view' },
  { to: '/admin/packing', label: 'packing.title', permission: 'orders.view' },
  { to: '/admin/delivery-slots', label: 'slots.title', permission: 'orders.view' },
  { to: '/admin/products', label: 'products.title', permission: 'catalogue.manage' },
  { to: '/admin/stock', label: 'stock.title', permission: 'catalogue.manage' },
  { to: '/admin/categories', label: 'categories.title', permission: 'catalogue.manage' },
  { to: '/admin/home', label: 'home.title', permission: 'catalogue.manage' },
  { to: '/admin/promotions', label: 'promotions.title', permission: 'catalogue.manage' },
  { to: '/admin/coupons', label: 'coupons.title', permission: 'catalogue.manage' },
  { to: '/admin/searches', label: 'searches.title', permission: 'catalogue.manage' },
  { to: '/admin/import', label: 'import.title', permission: 'catalogue.manage' },
  { to: '/admin/delivery', label: 'delivery.title', permission: 'delivery.manage' },
  { to: '/admin/customers', label: 'customers.title', permission: 'customers.view' },
  { to: '/admin/audit', label: 'audit.title', permission: 'audit.view' },
  { to: '/admin/staff', label: 'nav.staff', permission: 'staff.manage' },
];

/** The items a role may open: the others are not shown at all. */
export function navItemsFor(role: StaffRole): NavItem[] {
  return NAV_ITEMS.filter((item) => can(role, item.permission));
}
