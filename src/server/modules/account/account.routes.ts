import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BadInput } from '#server/errors';
import { clientKey, ok, requestLanguage, route } from '#server/http';
import {
  EmailInput,
  LoginInput,
  PasswordChangeInput,
  PasswordResetInput,
  ProfileChangeInput,
  RegistrationInput,
} from '#shared/schemas/account';
import type { WhenMissing } from '#shared/schemas/cart';
import { NoInput } from '#shared/schemas/common';
import type { AccountService } from './account.service';
import type { AvatarFiles } from './avatar.files';
import { avatarUploadRoutes } from './avatar.routes';

/** Account calls of docs/product.md §7, and the profile calls we add (docs/api.md). */
export async function accountRoutes(
  app: FastifyInstance,
  opts: { accounts: AccountService; avatars: AvatarFiles },
) {
  const { accounts, avatars } = opts;
  const ip = (request: FastifyRequest) => clientKey(request);

  route(app, { method: 'POST', url: '/api/buy/email', input: EmailInput }, async ({ input }, request) => {
    await accounts.sendCode('signup', input.email, ip(request), requestLanguage(request));
    return ok(null);
  });

  route(app, { method: 'POST', url: '/api/buy/registration', input: RegistrationInput }, async ({ input }) =>
    ok(await accounts.register(input)),
  );

  route(app, { method: 'POST', url: '/api/login', input: LoginInput }, async ({ input }, request) =>
    ok(await accounts.signIn(input.email, input.password, ip(request), requestLanguage(request))),
  );

  route(
    app,
    { method: 'POST', url: '/api/buy/found/password', input: EmailInput },
    async ({ input }, request) => {
      await accounts.sendCode('reset', input.email, ip(request), requestLanguage(request));
      return ok(null);
    },
  );

  route(
    app,
    { method: 'PUT', url: '/api/buy/found/password', input: PasswordResetInput },
    async ({ input }, request) => {
      await accounts.resetPassword(input, ip(request));
      return ok(null);
    },
  );

  route(app, { method: 'POST', url: '/api/quit', input: NoInput, auth: 'shopper' }, async ({ user }) => {
    await accounts.signOut(user);
    return ok(null);
  });

  route(app, { method: 'GET', url: '/api/user', input: NoInput, auth: 'shopper' }, ({ user }) => {
    const { id: _id, sessionId: _s, ...profile } = user;
    return ok(profile);
  });

  route(
    app,
    { method: 'PATCH', url: '/api/user', input: ProfileChangeInput, auth: 'shopper' },
    async ({ input, user }) => {
      const change: { name?: string; avatar?: string; whenMissing?: WhenMissing } = {};
      if (input.name !== undefined) change.name = input.name;
      if (input.when_missing !== undefined) change.whenMissing = input.when_missing;
      if (input.avatar !== undefined) {
        if (!(await avatars.isChoosable(input.avatar, user)))
          throw new BadInput('errors:account.avatarInvalid');
        change.avatar = input.avatar;
      }
      return ok(await accounts.updateProfile(user, change));
    },
  );

  await app.register(avatarUploadRoutes, { accounts, avatars });

  // The same bundled pictures for everyone: cacheable, unlike the rest of this module.
  route(app, { method: 'GET', url: '/api/avatars', input: NoInput }, (_call, _request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return ok(avatars.bundled());
  });

  route(
    app,
    { method: 'PUT', url: '/api/user/password', input: PasswordChangeInput, auth: 'shopper' },
    async ({ input, user }, request) => {
      await accounts.changePassword(user, { old: input.old_password, new: input.password }, ip(request));
      return ok(null);
    },
  );
}
