import type { IncomingMessage } from 'node:http';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { BadInput, TooLarge } from '#server/errors';

/**
 * The multipart limits of an upload of one file of at most `fileSize` bytes: the file as one part
 * named `file`, a few short fields beside it (our clients send none), and small part headers.
 * `headerSize` is read by busboy though @fastify/multipart's types leave it out.
 */
export function uploadLimits(fileSize: number) {
  return {
    fileSize,
    files: 1,
    fields: 4,
    fieldSize: 1024,
    fieldNameSize: 100,
    parts: 6,
    headerPairs: 8,
    headerSize: 4096,
  };
}

/**
 * The whole multipart body of an upload: the file, and room for the parts around it. With room
 * for more than one chunk of the body (browsers send 64 KiB at a time), a file just too big is
 * told so by the file's own limit (its own message) before the body's.
 */
export function uploadBodyMaxBytes(fileSize: number, room = 64 * 1024): number {
  return fileSize + room;
}

export interface UploadRules {
  /** Most bytes of the file part (the parser's `fileSize` limit, uploadLimits). */
  maxBytes: number;
  /** Said when the body is not multipart or has no part named `file`. */
  invalidKey: string;
  /** Said when the file part passes `maxBytes`. */
  tooLargeKey: string;
  /** Room for the body around the file (uploadBodyMaxBytes). */
  room?: number;
}

/**
 * The file of an upload, read as it arrives. Refused with a 413 the moment any limit is passed —
 * the declared length, the whole body (an endless preamble), the file, a field, the number of
 * parts — without waiting for the rest; the parser drains what still comes.
 */
export async function readUpload(request: FastifyRequest, rules: UploadRules): Promise<Buffer> {
  if (!request.isMultipart()) throw new BadInput(rules.invalidKey);
  const bodyMax = uploadBodyMaxBytes(rules.maxBytes, rules.room);
  if (Number(request.headers['content-length']) > bodyMax) throw new TooLarge();
  // Starting the iteration pipes the request into the parser, so counting it misses no byte.
  const file = fileOf(request.parts(), rules);
  const overflow = bodyOverflow(request.raw, bodyMax);
  try {
    return await Promise.race([file, overflow.exceeded]);
  } finally {
    overflow.stop();
  }
}

async function fileOf(parts: AsyncIterableIterator<Multipart>, rules: UploadRules): Promise<Buffer> {
  let file: Buffer | undefined;
  for await (const part of parts) {
    if (part.type === 'field') {
      if (part.valueTruncated || part.fieldnameTruncated) throw new TooLarge();
    } else if (part.fieldname === 'file') {
      file = await fileBytes(part.file, rules.tooLargeKey);
    } else {
      part.file.resume();
    }
  }
  if (!file) throw new BadInput(rules.invalidKey);
  return file;
}

/**
 * A file part's bytes; a 413 once it passes the file size limit, as soon as busboy says so (its
 * `limit` event), or at once when that happened before the part was handed over.
 */
function fileBytes(file: MultipartFile['file'], tooLargeKey: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const tooLarge = () => {
      file.resume();
      reject(new TooLarge(tooLargeKey));
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
