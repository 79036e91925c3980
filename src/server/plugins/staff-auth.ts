import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Permission } from '#shared/schemas/staff.rules';
import { Unauthorized } from '../errors';
import { checkStaffAccess, type StaffService, type StaffUser } from '../modules/staff/staff.service';
import { tokenOf } from './auth';

export type { StaffUser };

export interface StaffCheck {
  /** Routes an owner may call before enrolling an authenticator (me, sign-out, TOTP set-up). */
  duringTotpSetup?: boolean;
}

/**
 * `request.requireStaff(permission?)` answers the signed-in staff member, or throws 401 (no, bad,
 * revoked or idle token; a shopper's token is unknown here) or 403 (the role lacks the permission,
 * or an owner has not yet enrolled an authenticator). Staff tokens travel in `authorization` like
 * shoppers', never in cookies, so there is nothing to forge across sites.
 */
export const staffAuthPlugin = fp(
  async (app: FastifyInstance, opts: { staff: StaffService }) => {
    app.decorateRequest(
      'requireStaff',
      async function (this: FastifyRequest, permission?: Permission, check: StaffCheck = {}) {
        const token = tokenOf(this);
        const found = token ? await opts.staff.authenticate(token) : undefined;
        if (!found) throw new Unauthorized();
        checkStaffAccess(found.view, permission, check.duringTotpSetup === true);
        return found.user;
      },
    );
  },
  { name: 'staff-auth' },
);

declare module 'fastify' {
  interface FastifyRequest {
    requireStaff(permission?: Permission, check?: StaffCheck): Promise<StaffUser>;
  }
}
