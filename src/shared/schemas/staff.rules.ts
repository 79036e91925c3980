/**
 * Staff roles and what each may do (docs/architecture.md §Staff). Shared by the server's
 * guard and the operator console, so both agree on what a role can reach.
 */

export const STAFF_ROLES = ['owner', 'manager', 'packer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const PERMISSIONS = [
  'orders.view',
  'orders.fulfil',
  'orders.cancel',
  'orders.refund',
  'customers.view',
  'customers.manage',
  /** The shop's takings (Today's revenue). */
  'sales.view',
  'catalogue.manage',
  /** Where the shop delivers and for how much. */
  'delivery.manage',
  /** The tax classes, areas and rates: owners and managers see them. */
  'tax.view',
  /** Changing them: owners only. */
  'tax.manage',
  'staff.manage',
  'audit.view',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Owners may do everything, managers all but managing staff and tax rates, packers only see and pack orders (not the takings). */
const GRANTS: Record<StaffRole, ReadonlySet<Permission>> = {
  owner: new Set(PERMISSIONS),
  manager: new Set(PERMISSIONS.filter((p) => p !== 'staff.manage' && p !== 'tax.manage')),
  packer: new Set<Permission>(['orders.view', 'orders.fulfil']),
};

export function can(role: StaffRole, permission: Permission): boolean {
  return GRANTS[role]?.has(permission) ?? false;
}

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** Owners must sign in with a second factor: the console makes them enrol before anything else. */
export function totpRequired(role: StaffRole): boolean {
  return role === 'owner';
}

/** The staff member as the console sees them (`GET /api/admin/me`, the sign-in answer). */
export interface StaffView {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  language: 'en' | 'zh';
  totpEnabled: boolean;
  /** True while an owner has not enrolled an authenticator: every other admin route answers 403. */
  totpRequired: boolean;
}
