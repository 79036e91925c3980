import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { ok, route } from '#server/http';
import { NoInput } from '#shared/schemas/common';
import type { AccountService } from './account.service';
import type { AvatarFiles } from './avatar.files';
import { AVATAR_UPLOAD_LIMITS, withAvatarUpload } from './avatar.upload';

/**
 * `POST /api/user/avatar` (docs/api.md), the one route that reads multipart: the parser is
 * registered in this plugin's own scope, so every other route answers a multipart body 415
 * without reading it. The shopper is checked, and given one of the upload slots (AVATAR_SLOTS),
 * before a byte of the body is read.
 */
export async function avatarUploadRoutes(
  app: FastifyInstance,
  opts: { accounts: AccountService; avatars: AvatarFiles },
) {
  const { accounts, avatars } = opts;
  await app.register(multipart, { limits: AVATAR_UPLOAD_LIMITS });

  // The picture is the multipart body, read as it arrives (avatar.upload.ts): no other parameters.
  route(
    app,
    { method: 'POST', url: '/api/user/avatar', input: NoInput, auth: 'shopper' },
    async ({ user }, request) => {
      const url = await avatars.slots.run(user.uuid, () =>
        withAvatarUpload(request, avatars.tempDir, (file) => avatars.saveUpload(user, file)),
      );
      return ok(await accounts.updateProfile(user, { avatar: url }));
    },
  );
}
