import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '#server/config';
import { MEDIA_FOLDERS, type MediaStore, STORED_NAME } from './media-store';

const YEAR_SECONDS = 31_536_000;
/** Uploaded names carry a hash of their bytes: no cache need ever ask again. */
const IMMUTABLE = `public, max-age=${YEAR_SECONDS}, immutable`;

/** What /uploads/ may name: a picture of one of the store's folders; anything else is a 404 unasked. */
function isStoredKey(key: string): boolean {
  const [folder = '', name = '', ...more] = key.split('/');
  return more.length === 0 && (MEDIA_FOLDERS as readonly string[]).includes(folder) && STORED_NAME.test(name);
}

/**
 * `/uploads/`: from DATA_DIR/uploads by @fastify/static on one machine; from the bucket on several
 * (every process serves every picture), or a 302 to MEDIA_PUBLIC_URL when a CDN serves the bucket.
 */
export async function registerUploads(
  app: FastifyInstance,
  config: Pick<Config, 'uploadsDir' | 'mediaStore'>,
  store: MediaStore,
): Promise<void> {
  if (config.mediaStore.kind === 'disk') {
    mkdirSync(join(config.uploadsDir, 'avatars'), { recursive: true });
    await app.register(fastifyStatic, {
      root: config.uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      setHeaders: (reply) => reply.header('cache-control', IMMUTABLE),
    });
    return;
  }
  const { publicUrl, prefix } = config.mediaStore;
  app.get('/uploads/*', async (request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) => {
    const key = request.params['*'];
    if (!isStoredKey(key)) return reply.callNotFound();
    if (publicUrl) return reply.redirect(`${publicUrl}/${prefix}${key}`, 302);
    const ifNoneMatch = request.headers['if-none-match'];
    const opened = await store.open(key, typeof ifNoneMatch === 'string' ? ifNoneMatch : undefined);
    if (!opened) return reply.callNotFound();
    reply.header('cache-control', IMMUTABLE).header('etag', opened.etag);
    if (opened.status === 304) return reply.code(304).send();
    reply.type(opened.contentType ?? 'image/webp').header('content-length', opened.size);
    // Streamed from the store as the client reads it: memory holds a socket buffer, not the picture.
    return reply.send(opened.body);
  });
}
