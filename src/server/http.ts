import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Language } from '../shared/constants';
import { badField } from './errors';
import { languageOf } from './i18n';

/** The success envelope of DESIGN.md §4. */
export function ok<T>(data: T): { code: 200; message: 'ok'; data: T } {
  return { code: 200, message: 'ok', data };
}

/** Parses input with a shared schema; a failure is a 400 naming the first bad field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw badField(issue?.path.length ? issue.path.join('.') : (issue?.message ?? 'input'));
}

/**
 * Parameters from wherever the client put them (DESIGN.md §4): the query string, then a form or
 * JSON body over it.
 */
export function paramsOf(request: FastifyRequest): Record<string, unknown> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body = request.body;
  if (body && typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body)) {
    return { ...query, ...(body as Record<string, unknown>) };
  }
  return query;
}

/** `paramsOf`, with numbers a JSON client sent turned into the text a query string would carry. */
export function textParamsOf(request: FastifyRequest): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(paramsOf(request)).map(([k, v]) => [
      k,
      typeof v === 'number' || typeof v === 'boolean' ? String(v) : v,
    ]),
  );
}

/**
 * Who a throttle counts a request against: the client's IPv4 address, or the /64 network of an
 * IPv6 one (one subscriber usually holds a whole /64, so counting single addresses would let one
 * client rotate through billions). `request.ip` already honours TRUST_PROXY.
 */
export function clientKey(request: Pick<FastifyRequest, 'ip'>): string {
  return clientKeyOf(request.ip);
}

export function clientKeyOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!ip.includes(':')) return ip;
  return `${ipv6Groups(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, `::` expanded and a zone (`%eth0`) dropped. */
function ipv6Groups(ip: string): string[] {
  const [head = '', tail] = (ip.split('%')[0] ?? '').toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const middle = tail === undefined ? [] : Array(Math.max(0, 8 - left.length - right.length)).fill('0');
  return [...left, ...middle, ...right].map((group) => group.replace(/^0+(?=.)/, ''));
}

export function requestLanguage(request: FastifyRequest): Language {
  return languageOf(request.headers['accept-language']);
}

export type Reply = FastifyReply;
