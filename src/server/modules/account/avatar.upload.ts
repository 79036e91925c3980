import type { FastifyRequest } from 'fastify';
import {
  type UploadedFile,
  uploadBodyMaxBytes,
  uploadLimits,
  withUpload,
} from '#server/uploads/upload-reader';
import { AVATAR_MAX_BYTES } from './avatar.files';

/** What one avatar upload may carry (uploadLimits): the picture as one file part named `file`. */
export const AVATAR_UPLOAD_LIMITS = uploadLimits(AVATAR_MAX_BYTES);

/** The whole multipart body of an avatar upload: the picture, and room for the parts around it. */
export const AVATAR_BODY_MAX_BYTES = uploadBodyMaxBytes(AVATAR_MAX_BYTES);

/**
 * The picture of an avatar upload, streamed to a file under `tempDir` as it arrives and handed to
 * `use`; a 413 the moment a limit is passed; the file removed afterwards (withUpload).
 */
export function withAvatarUpload<T>(
  request: FastifyRequest,
  tempDir: string,
  use: (file: UploadedFile) => Promise<T>,
): Promise<T> {
  const rules = {
    maxBytes: AVATAR_MAX_BYTES,
    invalidKey: 'errors:account.imageInvalid',
    tooLargeKey: 'errors:account.imageTooLarge',
    tempDir,
  };
  return withUpload(request, rules, use);
}
