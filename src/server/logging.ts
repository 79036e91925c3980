import type { FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';

/** Parameter names whose values never reach a log line, wherever they appear. */
const SECRET_NAMES = [
  'password',
  'old_password',
  'new_password',
  'code',
  'token',
  'authorization',
  'card',
  'card_no',
  'cardNumber',
  'card_number',
  'security_code',
  'cvv',
  'cardCode',
  'expiration_time',
  'date',
  'verifySign',
];
const SECRET_PARAM = new RegExp(`([?&](?:${SECRET_NAMES.join('|')})=)[^&#]*`, 'gi');

/** The URL with the value of every secret query parameter replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAM, '$1[REDACTED]');
}

/** pino options: secrets redacted from headers, bodies and query strings. */
export function loggerOptions(level: string): LoggerOptions & { level: string } {
  const bodyPaths = SECRET_NAMES.flatMap((n) => [`*.${n}`, `*.*.${n}`, `body.${n}`]);
  return {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', ...bodyPaths],
      censor: '[REDACTED]',
    },
    serializers: {
      req(request: FastifyRequest) {
        return { method: request.method, url: redactUrl(request.url), ip: request.ip };
      },
    },
  };
}
