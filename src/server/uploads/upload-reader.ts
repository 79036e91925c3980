import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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
  /** Where the file is written while it is handled (never a served folder). */
  tempDir: string;
}

/** An uploaded file, on disk while its handler runs (withUpload). */
export interface UploadedFile {
  path: string;
  size: number;
  /** The first bytes: the file's signature (pictureFormatOf). */
  head: Buffer;
  /** SHA-256 of the whole file, in hex. */
  sha256: string;
}

/** Enough of a file's start for every signature pictureFormatOf reads. */
const HEAD_BYTES = 16;

/**
 * Streams the file of an upload to a temporary file as it arrives, then runs `use` on it; the
 * temporary file is removed afterwards whatever happens (a refusal, an error, a dropped
 * connection), so no body is held in memory and none is left on disk. Refused with a 413 the
 * moment any limit is passed — the declared length, the whole body (an endless preamble), the
 * file, a field, the number of parts — without waiting for the rest; the parser drains what still comes.
 */
export async function withUpload<T>(
  request: FastifyRequest,
  rules: UploadRules,
  use: (file: UploadedFile) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) throw new BadInput(rules.invalidKey);
  const bodyMax = uploadBodyMaxBytes(rules.maxBytes, rules.room);
  if (Number(request.headers['content-length']) > bodyMax) throw new TooLarge();
  const path = join(rules.tempDir, `upload-${randomBytes(12).toString('hex')}`);
  await mkdir(rules.tempDir, { recursive: true });
  // Starting the iteration pipes the request into the parser, so counting it misses no byte.
  const writers: Promise<void>[] = [];
  const file = fileOf(request.parts(), rules, path, writers);
  const overflow = bodyOverflow(request.raw, bodyMax);
  try {
    const uploaded = await Promise.race([file, overflow.exceeded]);
    overflow.stop();
    return await use(uploaded);
  } finally {
    overflow.stop();
    await rm(path, { force: true });
    // Refused while still being written: removed again once its writer has closed (no part
    // is handed over once the parts' loop has ended).
    void file
      .then(noop, noop)
      .then(() => Promise.all(writers))
      .then(() => rm(path, { force: true }))
      .catch(noop);
  }
}

async function fileOf(
  parts: AsyncIterableIterator<Multipart>,
  rules: UploadRules,
  path: string,
  writers: Promise<void>[],
): Promise<UploadedFile> {
  let file: UploadedFile | undefined;
  for await (const part of parts) {
    if (part.type === 'field') {
      if (part.valueTruncated || part.fieldnameTruncated) throw new TooLarge();
    } else if (part.fieldname === 'file' && !file) {
      file = await storedFile(part.file, path, rules.tooLargeKey, writers);
    } else {
      part.file.resume();
    }
  }
  if (!file) throw new BadInput(rules.invalidKey);
  return file;
}

/**
 * A file part written to `path`, its hash and first bytes taken on the way; a 413 once it passes
 * the file size limit (busboy's `limit` event), or at once when that happened before it was
 * handed over. The writer's closing is added to `writers`, so the file is removed only after it.
 */
async function storedFile(
  stream: MultipartFile['file'],
  path: string,
  tooLargeKey: string,
  writers: Promise<void>[],
): Promise<UploadedFile> {
  if (stream.truncated) {
    stream.resume();
    throw new TooLarge(tooLargeKey);
  }
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      if (size < HEAD_BYTES) head.push(chunk.subarray(0, HEAD_BYTES - size));
      size += chunk.length;
      done(null, chunk);
    },
  });
  const writer = createWriteStream(path, { flags: 'wx', mode: 0o600 });
  writers.push(new Promise((closed) => writer.once('close', () => closed())));
  // Refused the moment the limit is passed, not once the writer has caught up or the part ended.
  const limit = new Promise<never>((_, reject) =>
    stream.once('limit', () => {
      reject(new TooLarge(tooLargeKey));
      writer.destroy();
    }),
  );
  await Promise.race([pipeline(stream, tap, writer), limit]);
  if (stream.truncated) throw new TooLarge(tooLargeKey);
  return { path, size, head: Buffer.concat(head), sha256: hash.digest('hex') };
}

const noop = () => {};

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
