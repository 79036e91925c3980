import type { FastifyInstance } from 'fastify';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { clientKey, ok } from '#server/http';
import { alertChoices, setAlertChoices } from '#server/modules/alerts/alerts.choices';
import type { StaffService } from '#server/modules/staff/staff.service';
import type { StaffSignIn } from '#server/modules/staff/staff.sign-in';
import type { StaffTeam } from '#server/modules/staff/staff.team';
import { csrfOf, sessionCookie, staffSessionOf } from '#server/plugins/staff-auth';
import { NoInput, PageParams } from '#shared/schemas/common';
import {
  AlertChoiceInput,
  StaffIdParams,
  StaffInviteInput,
  StaffPasswordSetInput,
  StaffRoleInput,
  StaffSignInInput,
  TotpCodeInput,
} from '#shared/schemas/staff.zod';
import { adminRoute, audited, auditedWith, openAdminRoute } from './admin-route';

export interface StaffRoutesDeps {
  db: Db;
  clock: Clock;
  staff: StaffService;
  signIn: StaffSignIn;
  team: StaffTeam;
  /** SHOP_TIME_ZONE: the console shows every time on the shop's clock, whatever the computer's. */
  timeZone: string;
}

/**
 * Staff sign-in, sign-out and their own account, and the owner's management of the team
 * (docs/api.md, Admin). Setting a password, the TOTP changes and invitations open their own
 * transaction (they hash, count a wrong code or mail outside it), so they are handed `audited`.
 */
export async function staffRoutes(app: FastifyInstance, deps: StaffRoutesDeps) {
  const { staff, signIn, team, timeZone } = deps;
  const auditing = auditedWith(deps);

  openAdminRoute(
    app,
    { method: 'POST', url: '/api/admin/sign-in', input: StaffSignInInput, allow: 'anyone' },
    async ({ input }, request, reply) => {
      // The session travels in an HttpOnly cookie; the page gets only its CSRF token.
      const { token, staff: view } = await signIn.signIn(input, clientKey(request));
      reply.header('set-cookie', sessionCookie(request, token));
      return ok({ staff: view, csrf: csrfOf(token), time_zone: timeZone });
    },
  );

  adminRoute(
    app,
    { method: 'POST', url: '/api/admin/sign-out', input: NoInput, allow: 'any staff', duringTotpSetup: true },
    async ({ staff: me }, request) => {
      await staff.signOut(me);
      request.staffCookie = sessionCookie(request, null);
      return ok(null);
    },
  );

  // A new tab or a reload learns here that it is signed in, and the session's CSRF token.
  adminRoute(
    app,
    { method: 'GET', url: '/api/admin/me', input: NoInput, allow: 'any staff', duringTotpSetup: true },
    async ({ staff: me }, request) => {
      const session = staffSessionOf(request);
      return ok({
        ...(await staff.view(me.id)),
        csrf: session ? csrfOf(session.token) : '',
        time_zone: timeZone,
      });
    },
  );

  // The alerts by mail a member chooses for themselves: their own row, so no audit line.
  adminRoute(
    app,
    { method: 'GET', url: '/api/admin/me/alerts', input: NoInput, allow: 'any staff' },
    async ({ staff: me }) => ok(await alertChoices(deps.db, me.id)),
  );
  adminRoute(
    app,
    { method: 'POST', url: '/api/admin/me/alerts', input: AlertChoiceInput, allow: 'any staff' },
    async ({ input, staff: me }) => ok(await setAlertChoices(deps.db, me.id, input.alerts, input.language)),
  );

  openAdminRoute(
    app,
    { method: 'POST', url: '/api/admin/password/set', input: StaffPasswordSetInput, allow: 'anyone' },
    async ({ input }) => {
      await staff.setPassword(input.token, input.password, auditing);
      return ok(null);
    },
  );

  // The second factor (RFC 6238): enrolment is open to an owner who must still enrol.
  const enrolment = { allow: 'any staff', duringTotpSetup: true } as const;
  adminRoute(
    app,
    { method: 'POST', url: '/api/admin/totp/start', input: NoInput, ...enrolment },
    async ({ staff: me }) => ok(await signIn.startTotp(me)),
  );
  adminRoute(
    app,
    { method: 'POST', url: '/api/admin/totp/confirm', input: TotpCodeInput, ...enrolment },
    async ({ input, staff: me }, request) =>
      ok(await signIn.confirmTotp(me, input.code, clientKey(request), auditing)),
  );
  adminRoute(
    app,
    { method: 'GET', url: '/api/admin/totp/recovery-codes', input: NoInput, allow: 'any staff' },
    async ({ staff: me }) => ok(await signIn.recoveryCodesLeft(me)),
  );
  adminRoute(
    app,
    { method: 'POST', url: '/api/admin/totp/recovery-codes', input: TotpCodeInput, allow: 'any staff' },
    async ({ input, staff: me }, request) =>
      ok(await signIn.regenerateRecoveryCodes(me, input.code, clientKey(request), auditing)),
  );
  adminRoute(
    app,
    { method: 'POST', url: '/api/admin/totp/disable', input: TotpCodeInput, allow: 'any staff' },
    async ({ input, staff: me }, request) =>
      ok(await signIn.disableTotp(me, input.code, clientKey(request), auditing)),
  );

  const allow = 'staff.manage';
  adminRoute(app, { method: 'GET', url: '/api/admin/staff', input: PageParams, allow }, async ({ input }) =>
    ok(await team.list(input.page, input.page_size)),
  );

  adminRoute(
    app,
    { method: 'POST', url: '/api/admin/staff', input: StaffInviteInput, allow },
    async ({ input, staff: me }) => ok(await team.invite(input, me, auditing)),
  );

  adminRoute(
    app,
    { method: 'POST', url: '/api/admin/staff/:id/role', params: StaffIdParams, input: StaffRoleInput, allow },
    async ({ params, input, staff: me }) =>
      ok(await audited(deps, me, (tx) => team.changeRole(tx, params.id, input.role))),
  );

  adminRoute(
    app,
    { method: 'POST', url: '/api/admin/staff/:id/reset-2fa', params: StaffIdParams, input: NoInput, allow },
    async ({ params, staff: me }) => ok(await audited(deps, me, (tx) => team.resetTotp(tx, params.id, me))),
  );

  adminRoute(
    app,
    { method: 'DELETE', url: '/api/admin/staff/:id', params: StaffIdParams, input: NoInput, allow },
    async ({ params, staff: me }) => ok(await audited(deps, me, (tx) => team.remove(tx, params.id))),
  );
}
