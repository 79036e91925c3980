import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http';
import type { AccountService } from './account.service';
import type { AvatarFiles } from './avatar.files';
import { AVATAR_UPLOAD_LIMITS, readAvatarUpload } from './avatar.upload';

/**
 * `POST /api/user/avatar` (README: API), the one route that reads multipart: the parser is
 * registered in this plugin's own scope, so every other route answers a multipart body 415
 * without reading it. The shopper is checked before a byte of the body is read.
 */
export async function avatarUploadRoutes(
  app: FastifyInstance,
  opts: { accounts: AccountService; avatars: AvatarFiles },
) {
  const { accounts, avatars } = opts;
  await app.register(multipart, { limits: AVATAR_UPLOAD_LIMITS });

  app.post('/api/user/avatar', async (request) => {
    const user = await request.requireUser();
    const url = await avatars.saveUpload(user, await readAvatarUpload(request));
    return ok(await accounts.updateProfile(user, { avatar: url }));
  });
}
