import type { IncomingMessage } from 'node:http';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { BadInput, TooLarge } from '#server/errors';
import { AVATAR_MAX_BYTES } from './avatar.files';

/**
 * What one avatar upload may carry: the picture as one file part named `file`, a few short fields
 * beside it (our web client sends none), and small part headers. `headerSize` is read by busboy
 * though @fastify/multipart's types leave it out.
 */
export const AVATAR_UPLOAD_LIMITS = {
  fileSize: AVATAR_MAX_BYTES,
  files: 1,
  fields: 4,
  fieldSize: 1024,
  fieldNameSize: 100,
  parts: 6,
  headerPairs: 8,
  headerSize: 4096,
};

/** The whole multipart body of an upload: the picture, and room for the parts around it. */
export const AVATAR_BODY_MAX_BYTES = AVATAR_MAX_BYTES + 64 * 1024;

/**
 * The picture of an avatar upload, read as it arrives. Refused with a 413 the moment any limit is
 * passed — the declared length, the whole body (an endless preamble), the file, a field, the
 * number of parts — without waiting for the rest; the parser drains what still comes.
 */
export async function readAvatarUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new BadInput('errors:account.imageInvalid');
  if (Number(request.headers['content-length']) > AVATAR_BODY_MAX_BYTES) throw new TooLarge();
  // Starting the iteration pipes the request into the parser, so counting it misses no byte.
  const picture = pictureOf(request.parts());
  const overflow = bodyOverflow(request.raw, AVATAR_BODY_MAX_BYTES);
  try {
    return await Promise.race([picture, overflow.exceeded]);
  } finally {
    overflow.stop();
  }
}

async function pictureOf(parts: AsyncIterableIterator<Multipart>): Promise<Buffer> {
  let picture: Buffer | undefined;
  for await (const part of parts) {
    if (part.type === 'field') {
      if (part.valueTruncated || part.fieldnameTruncated) throw new TooLarge();
    } else if (part.fieldname === 'file') {
      picture = await fileBytes(part.file);
    } else {
      part.file.resume();
    }
  }
  if (!picture) throw new BadInput('errors:account.imageInvalid');
  return picture;
}

/**
 * A file part's bytes; a 413 once it passes the file size limit, as soon as busboy says so (its
 * `limit` event), or at once when that happened before the part was handed over.
 */
function fileBytes(file: MultipartFile['file']): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const tooLarge = () => {
      file.resume();
      reject(new TooLarge('errors:account.imageTooLarge'));
    };
    if (file.truncated) return tooLarge();
    const chunks: Buffer[] = [];
    file.on('data', (chunk: Buffer) => chunks.push(chunk));
    file.once('limit', tooLarge);
    file.once('end', () => (file.truncated ? tooLarge() : resolve(Buffer.concat(chunks))));
    file.once('error', reject);
  });
}

/** Rejects once more than `max` bytes of the body have arrived; `stop` ends the counting. */
function bodyOverflow(raw: IncomingMessage, max: number): { exceeded: Promise<never>; stop(): void } {
  let received = 0;
  let refuse: (error: Error) => void = () => {};
  const exceeded = new Promise<never>((_, reject) => {
    refuse = reject;
  });
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received > max) {
      stop();
      refuse(new TooLarge());
    }
  };
  const stop = () => raw.off('data', count);
  raw.on('data', count);
  return { exceeded, stop };
}
