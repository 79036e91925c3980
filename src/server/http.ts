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

export function requestLanguage(request: FastifyRequest): Language {
  return languageOf(request.headers['accept-language']);
}

export type Reply = FastifyReply;
