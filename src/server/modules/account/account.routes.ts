import type { FastifyInstance, FastifyRequest } from 'fastify';
import { codeProblem, emailProblem, nameProblem, passwordProblem } from '../../../shared/schemas/account';
import { BadInput, badField } from '../../errors';
import { clientKey, ok, paramsOf, requestLanguage } from '../../http';
import type { AccountService } from './account.service';
import type { AvatarFiles } from './avatar.files';
import { avatarUploadRoutes } from './avatar.routes';

type Params = Record<string, unknown>;

/**
 * A text field: absent is empty; anything but one string (a repeated field, an object) is a 400,
 * and so is a NUL character, which PostgreSQL text cannot hold.
 */
function text(params: Params, name: string, max = 1000): string {
  const value = params[name];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string' || value.length > max || value.includes('\u0000')) throw badField(name);
  return value;
}

function check(problem: string | undefined): void {
  if (problem) throw new BadInput(`errors:account.${problem}`);
}

function email(params: Params): string {
  const value = text(params, 'email', 320);
  check(emailProblem(value));
  return value.trim().toLowerCase();
}

function password(params: Params, name = 'password'): string {
  const value = text(params, name, 200);
  check(passwordProblem(value));
  return value;
}

function code(params: Params): string {
  const value = text(params, 'code', 50);
  check(codeProblem(value));
  return value.trim();
}

function name(params: Params): string {
  const value = text(params, 'name', 200);
  check(nameProblem(value));
  return value.trim();
}

/** Account calls of spec §7, and the profile calls we add (README: API). */
export async function accountRoutes(
  app: FastifyInstance,
  opts: { accounts: AccountService; avatars: AvatarFiles },
) {
  const { accounts, avatars } = opts;
  const ip = (request: FastifyRequest) => clientKey(request);

  app.post('/api/buy/email', async (request) => {
    const p = paramsOf(request);
    await accounts.sendCode('signup', email(p), ip(request), requestLanguage(request));
    return ok(null);
  });

  app.post('/api/buy/registration', async (request) => {
    const p = paramsOf(request);
    const input = { email: email(p), code: code(p), name: name(p), password: password(p) };
    return ok(await accounts.register(input));
  });

  app.post('/api/login', async (request) => {
    const p = paramsOf(request);
    const address = email(p);
    const secret = text(p, 'password', 200);
    check(secret === '' ? 'passwordEmpty' : undefined);
    return ok(await accounts.signIn(address, secret, ip(request)));
  });

  app.post('/api/buy/found/password', async (request) => {
    const p = paramsOf(request);
    await accounts.sendCode('reset', email(p), ip(request), requestLanguage(request));
    return ok(null);
  });

  app.put('/api/buy/found/password', async (request) => {
    const p = paramsOf(request);
    await accounts.resetPassword({ email: email(p), code: code(p), password: password(p) }, ip(request));
    return ok(null);
  });

  app.post('/api/quit', async (request) => {
    await accounts.signOut(await request.requireUser());
    return ok(null);
  });

  app.get('/api/user', async (request) => {
    const { id: _id, sessionId: _s, ...user } = await request.requireUser();
    return ok(user);
  });

  app.patch('/api/user', async (request) => {
    const user = await request.requireUser();
    const p = paramsOf(request);
    const change: { name?: string; avatar?: string } = {};
    if (p.name !== undefined) change.name = name(p);
    if (p.avatar !== undefined) {
      const avatar = text(p, 'avatar', 300);
      if (!avatars.isChoosable(avatar, user)) throw new BadInput('errors:account.avatarInvalid');
      change.avatar = avatar;
    }
    return ok(await accounts.updateProfile(user, change));
  });

  await app.register(avatarUploadRoutes, { accounts, avatars });

  // The same bundled pictures for everyone: cacheable, unlike the rest of this module.
  app.get('/api/avatars', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return ok(avatars.bundled());
  });

  app.put('/api/user/password', async (request) => {
    const user = await request.requireUser();
    const p = paramsOf(request);
    const current = text(p, 'old_password', 200);
    check(current === '' ? 'passwordEmpty' : undefined);
    await accounts.changePassword(user, { old: current, new: password(p) }, ip(request));
    return ok(null);
  });
}
