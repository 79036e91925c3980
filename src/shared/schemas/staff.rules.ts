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
  /** The shop's grocery settings (weight unit, hold buffer, substitute answer time): owners only. */
  'settings.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Owners may do everything, managers all but managing staff and tax rates, packers only see and pack orders (not the takings). */
const GRANTS: Record<StaffRole, ReadonlySet<Permission>> = {
  owner: new Set(PERMISSIONS),
  manager: new Set(
    PERMISSIONS.filter((p) => p !== 'staff.manage' && p !== 'tax.manage' && p !== 'settings.manage'),
  ),
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

/** How many one-time recovery codes enrolment (or regenerating them) gives. */
export const RECOVERY_CODE_COUNT = 10;
/** Recovery code letters: lower case, without 0/o, 1/l/i, which read alike on paper. */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** Characters in a recovery code, shown as two groups of five (`abcde-23456`). */
export const RECOVERY_CODE_LENGTH = 10;

/**
 * A recovery code as typed (any case, spaces and dashes ignored), in the form it is hashed in;
 * undefined when it cannot be one.
 */
export function recoveryCodeOf(text: string): string | undefined {
  const code = text.replace(/[\s-]/g, '').toLowerCase();
  return code.length === RECOVERY_CODE_LENGTH && [...code].every((c) => RECOVERY_CODE_ALPHABET.includes(c))
    ? code
    : undefined;
}

export type RecoveryCodeProblem = 'recoveryCodeEmpty' | 'recoveryCodeInvalid';

export function recoveryCodeProblem(text: string): RecoveryCodeProblem | undefined {
  if (text.trim() === '') return 'recoveryCodeEmpty';
  return recoveryCodeOf(text) ? undefined : 'recoveryCodeInvalid';
}

/**
 * The alerts by mail a staff member may choose: a new paid order, products at or below their
 * low-stock level (a daily digest), and an order mail or packing refund given up for good.
 */
export const ALERT_KINDS = ['orderPaid', 'lowStock', 'failed'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/**
 * Who may choose each alert: whoever can act on it. A packer sees and packs orders, so hears of a
 * new paid order (without its amount: only owners and managers see money, `sales.view`); stock and
 * failed mails or refunds are for those who manage the catalogue and refund orders.
 */
const ALERT_PERMISSION: Record<AlertKind, Permission> = {
  orderPaid: 'orders.view',
  lowStock: 'catalogue.manage',
  failed: 'orders.refund',
};

export function alertAllowed(role: StaffRole, kind: AlertKind): boolean {
  return can(role, ALERT_PERMISSION[kind]);
}

export function isAlertKind(value: unknown): value is AlertKind {
  return typeof value === 'string' && (ALERT_KINDS as readonly string[]).includes(value);
}
