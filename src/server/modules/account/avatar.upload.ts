import type { FastifyRequest } from 'fastify';
import { readUpload, uploadBodyMaxBytes, uploadLimits } from '#server/uploads/upload-reader';
import { AVATAR_MAX_BYTES } from './avatar.files';

/** What one avatar upload may carry (uploadLimits): the picture as one file part named `file`. */
export const AVATAR_UPLOAD_LIMITS = uploadLimits(AVATAR_MAX_BYTES);

/** The whole multipart body of an avatar upload: the picture, and room for the parts around it. */
export const AVATAR_BODY_MAX_BYTES = uploadBodyMaxBytes(AVATAR_MAX_BYTES);

/** The picture of an avatar upload, read as it arrives; a 413 the moment a limit is passed (readUpload). */
export function readAvatarUpload(request: FastifyRequest): Promise<Buffer> {
  return readUpload(request, {
    maxBytes: AVATAR_MAX_BYTES,
    invalidKey: 'errors:account.imageInvalid',
    tooLargeKey: 'errors:account.imageTooLarge',
  });
}
