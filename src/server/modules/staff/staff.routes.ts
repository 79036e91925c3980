import type { FastifyInstance } from 'fastify';
import { clientKey, ok, route } from '#server/http';
import { NoInput, PageParams } from '#shared/schemas/common';
import {
  AuditQuery,
  StaffIdParams,
  StaffInviteInput,
  StaffPasswordSetInput,
  StaffRoleInput,
  StaffSignInInput,
  TotpCodeInput,
} from '#shared/schemas/staff.zod';
import { listAudit } from './audit';
import type { StaffService } from './staff.service';
import type { StaffSignIn } from './staff.sign-in';
import type { StaffTeam } from './staff.team';

/** Staff sign-in, sign-out, their own account (docs/api.md, Admin). */
export async function staffAuthRoutes(
  app: FastifyInstance,
  opts: { staff: StaffService; signIn: StaffSignIn },
) {
  const { staff, signIn } = opts;

  route(
    app,
    { method: 'POST', url: '/api/admin/sign-in', input: StaffSignInInput },
    async ({ input }, request) => ok(await signIn.signIn(input, clientKey(request))),
  );

  route(
    app,
    { method: 'POST', url: '/api/admin/sign-out', input: NoInput, auth: 'staff', duringTotpSetup: true },
    async ({ staff: me }) => {
      await staff.signOut(me);
      return ok(null);
    },
  );

  route(
    app,
    { method: 'GET', url: '/api/admin/me', input: NoInput, auth: 'staff', duringTotpSetup: true },
    async ({ staff: me }) => ok(await staff.view(me.id)),
  );

  route(
    app,
    { method: 'POST', url: '/api/admin/password/set', input: StaffPasswordSetInput },
    async ({ input }) => {
      await staff.setPassword(input.token, input.password);
      return ok(null);
    },
  );

  // The second factor (RFC 6238): enrolment is open to an owner who must still enrol.
  const enrolment = { auth: 'staff', duringTotpSetup: true } as const;
  route(
    app,
    { method: 'POST', url: '/api/admin/totp/start', input: NoInput, ...enrolment },
    async ({ staff: me }) => ok(await signIn.startTotp(me)),
  );
  route(
    app,
    { method: 'POST', url: '/api/admin/totp/confirm', input: TotpCodeInput, ...enrolment },
    async ({ input, staff: me }, request) => ok(await signIn.confirmTotp(me, input.code, clientKey(request))),
  );
  route(
    app,
    { method: 'POST', url: '/api/admin/totp/disable', input: TotpCodeInput, auth: 'staff' },
    async ({ input, staff: me }, request) => ok(await signIn.disableTotp(me, input.code, clientKey(request))),
  );
}

/** The owner's staff management and the audit log (docs/api.md, Admin). */
export async function staffTeamRoutes(app: FastifyInstance, opts: { team: StaffTeam; staff: StaffService }) {
  const { team } = opts;
  const manage = { auth: 'staff', permission: 'staff.manage' } as const;

  route(app, { method: 'GET', url: '/api/admin/staff', input: PageParams, ...manage }, async ({ input }) =>
    ok(await team.list(input.page, input.page_size)),
  );

  route(
    app,
    { method: 'POST', url: '/api/admin/staff', input: StaffInviteInput, ...manage },
    async ({ input, staff: me }) => ok(await team.invite(input, me.id)),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/admin/staff/:id/role',
      params: StaffIdParams,
      input: StaffRoleInput,
      ...manage,
    },
    async ({ params, input, staff: me }) => ok(await team.changeRole(params.id, input.role, me.id)),
  );

  route(
    app,
    { method: 'DELETE', url: '/api/admin/staff/:id', params: StaffIdParams, input: NoInput, ...manage },
    async ({ params, staff: me }) => {
      await team.remove(params.id, me.id);
      return ok(null);
    },
  );

  route(
    app,
    { method: 'GET', url: '/api/admin/audit', input: AuditQuery, auth: 'staff', permission: 'audit.view' },
    async ({ input }) =>
      ok(
        await listAudit(opts.staff.db, {
          page: input.page,
          pageSize: input.page_size,
          ...(input.staff === undefined ? {} : { staff: input.staff }),
          ...(input.target ? { target: input.target } : {}),
        }),
      ),
  );
}
