import type { FastifyInstance } from 'fastify';
import { clientKey, ok, route } from '#server/http';
import { NoInput } from '#shared/schemas/common';
import { StaffPasswordSetInput, StaffSignInInput } from '#shared/schemas/staff.zod';
import type { StaffService } from './staff.service';
import type { StaffSignIn } from './staff.sign-in';

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
}
