import type { Permission, StaffRole } from '#shared/schemas/staff.rules';
import { can } from '#shared/schemas/staff.rules';
import { auditPath } from '../lib/urls/audit';
import { customerListPath } from '../lib/urls/customers';
import { orderListPath } from '../lib/urls/orders';
import { packingPath } from '../lib/urls/packing';
import { productListPath } from '../lib/urls/products';
import { promoListPath } from '../lib/urls/promotions';
import { reportsPath } from '../lib/urls/reports';
import {
  categoriesPath,
  deliveryPath,
  homePath,
  importPath,
  searchesPath,
  settingsPath,
  slotsPath,
  staffPath,
  taxPath,
} from '../lib/urls/shop';
import { stockListPath } from '../lib/urls/stock';
import { todayPath } from '../lib/urls/today';

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
  { to: todayPath, label: 'today.title', permission: 'orders.view' },
  { to: orderListPath, label: 'orders.title', permission: 'orders.view' },
  { to: packingPath, label: 'packing.title', permission: 'orders.view' },
  { to: slotsPath, label: 'slots.title', permission: 'orders.view' },
  { to: productListPath, label: 'products.title', permission: 'catalogue.manage' },
  { to: stockListPath, label: 'stock.title', permission: 'catalogue.manage' },
  { to: categoriesPath, label: 'categories.title', permission: 'catalogue.manage' },
  { to: homePath, label: 'home.title', permission: 'catalogue.manage' },
  { to: promoListPath('promotions'), label: 'promotions.title', permission: 'catalogue.manage' },
  { to: promoListPath('coupons'), label: 'coupons.title', permission: 'catalogue.manage' },
  { to: searchesPath, label: 'searches.title', permission: 'catalogue.manage' },
  { to: importPath, label: 'import.title', permission: 'catalogue.manage' },
  { to: deliveryPath, label: 'delivery.title', permission: 'delivery.manage' },
  { to: taxPath, label: 'tax.title', permission: 'tax.view' },
  { to: customerListPath, label: 'customers.title', permission: 'customers.view' },
  { to: reportsPath, label: 'reports.title', permission: 'sales.view' },
  { to: auditPath, label: 'audit.title', permission: 'audit.view' },
  { to: staffPath, label: 'nav.staff', permission: 'staff.manage' },
  { to: settingsPath, label: 'settings.title', permission: 'settings.manage' },
];

/** The items a role may open: the others are not shown at all. */
export function navItemsFor(role: StaffRole): NavItem[] {
  return NAV_ITEMS.filter((item) => can(role, item.permission));
}
