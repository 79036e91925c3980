import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';
import { requestLanguage } from '../http';
import { translate } from '../i18n';

/** Fastify's own client errors, mapped to our messages. */
function clientErrorKey(error: FastifyError): { status: number; key: string } | undefined {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
    return { status: 413, key: 'errors:bodyTooLarge' };
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.statusCode === 415) {
    return { status: 415, key: 'errors:unsupportedMediaType' };
  }
  // The multipart parser throws plain errors for a body that is not the multipart it claims to be.
  const multipart = /^(Multipart: |Unexpected end of multipart data|Malformed part header)/;
  if (!error.statusCode && multipart.test(error.message)) return { status: 400, key: 'errors:badBody' };
  if (error.statusCode === 429) return { status: 429, key: 'errors:tooManyRequests' };
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { status: error.statusCode, key: 'errors:badBody' };
  }
  return undefined;
}

/**
 * One place turns every error into the envelope in the caller's language. Our typed errors carry
 * their status; Fastify's parse errors become 4xx; anything else is a logged 500 without details.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = requestLanguage(request);
    // Refused before its body arrived: the rest is not wanted (lingerBeforeClosing drains it).
    if (request.raw.complete === false) reply.header('connection', 'close');
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return reply.code(error.status).send({
        code: error.status,
        message: translate(language, error.key, error.params),
        ...(error.data === undefined ? {} : { data: error.data }),
      });
    }
    const client = clientErrorKey(error);
    if (client) {
      const params = { seconds: String(reply.getHeader('retry-after') ?? 60) };
      return reply
        .code(client.status)
        .send({ code: client.status, message: translate(language, client.key, params) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ code: 500, message: translate(language, 'errors:internal') });
  });
});
