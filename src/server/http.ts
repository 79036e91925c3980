import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Language } from '#shared/constants';
import { hasLoneSurrogate, isFields, NoInput, NoParams } from '#shared/schemas/common';
import type { Permission } from '#shared/schemas/staff.rules';
import { ByteLru } from './byte-lru';
import { BadInput, badField } from './errors';
import { languageOf } from './i18n';

/** The success envelope of docs/architecture.md §4. */
export function ok<T>(data: T): { code: 200; message: 'ok'; data: T } {
  return { code: 200, message: 'ok', data };
}

/** Paths the API answers (and the sandbox pay pages); everything else the server has is files. */
export const isApiPath = (url: string) => url.startsWith('/api/') || url.startsWith('/sandbox/');

const declarations = new WeakMap<FastifyInstance, Map<string, DeclaredRequest>>();

/**
 * Refuses, as it is registered, any API route without a declared request schema — one written with
 * `app.get(…)` instead of `route()` — so the app does not start with one (docs/architecture.md §2).
 * Call it on the root instance before any route; `declaredRequests` then lists what each declared.
 */
export function requireDeclaredRequests(app: FastifyInstance): void {
  const declared = new Map<string, DeclaredRequest>();
  declarations.set(app, declared);
  app.addHook('onRoute', (options) => {
    if (!isApiPath(options.url)) return;
    const request = options.config?.request;
    if (!request) {
      throw new Error(
        `${options.method} ${options.url} declares no request schema: register it with route() (http.ts)`,
      );
    }
    for (const method of [options.method].flat()) declared.set(`${method} ${options.url}`, request);
  });
}

/** What every API route declared, by `METHOD /url` (HEAD routes Fastify adds included). */
export function declaredRequests(app: FastifyInstance): ReadonlyMap<string, DeclaredRequest> {
  return declarations.get(app) ?? new Map();
}

/**
 * The first issue of a request schema as the error the caller reads (src/shared/schemas/common.zod.ts):
 * a translation key answers that message; any other issue names its field.
 */
export function inputError(issues: readonly z.core.$ZodIssue[]): BadInput {
  const issue = issues[0];
  if (issue?.message.startsWith('errors:')) return new BadInput(issue.message);
  return badField(issue?.path.length ? issue.path.join('.') : (issue?.message ?? 'input'));
}

/** A value met while walking a request's parameters, with the way back to the top. */
interface Visit {
  item: unknown;
  key: string;
  parent: Visit | undefined;
}

/** Characters of a field's path a message repeats: the names come from the client. */
const FIELD_SHOWN = 60;

/** The dotted path of `visit`, as a field name; the whole input when it is the top. */
function fieldOf(visit: Visit | undefined): string {
  const keys: string[] = [];
  for (let v = visit; v?.parent; v = v.parent) keys.push(v.key);
  const path = keys.reverse().join('.') || 'input';
  return path.length > FIELD_SHOWN ? `${path.slice(0, FIELD_SHOWN)}…` : path;
}

/**
 * Where the first text holding a lone surrogate is in a request's parameters (names included), as
 * the field to name, or undefined. Walked without recursion or copied paths: a JSON body may nest
 * deeper than the stack.
 */
export function loneSurrogateField(value: unknown): string | undefined {
  const pending: Visit[] = [{ item: value, key: '', parent: undefined }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const { item } = visit;
    if (typeof item === 'string') {
      if (hasLoneSurrogate(item)) return fieldOf(visit);
    } else if (item !== null && typeof item === 'object' && !(item instanceof Uint8Array)) {
      for (const [key, inner] of Object.entries(item)) {
        if (hasLoneSurrogate(key)) return fieldOf(visit);
        pending.push({ item: inner, key, parent: visit });
      }
    }
  }
  return undefined;
}

function parsed<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  // Refused here for every route at once: no schema need remember it, and no such text reaches
  // the database, a JSON column or an answer.
  const broken = loneSurrogateField(value);
  if (broken !== undefined) throw badField(broken);
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw inputError(result.error.issues);
}

/**
 * Where a call's parameters come from (docs/api.md, Parameters): reads take the query string;
 * writes the query string with a form or JSON body over it; the gateway's signed notification its
 * body alone.
 */
export type InputSource = 'query' | 'query+body' | 'body';

function rawInput(request: FastifyRequest, from: InputSource): Record<string, unknown> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body = isFields(request.body) ? request.body : undefined;
  if (from === 'query') return query;
  if (from === 'body') return body ?? {};
  return body ? { ...query, ...body } : query;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Shopper = Awaited<ReturnType<FastifyRequest['requireUser']>>;
type Staff = Awaited<ReturnType<FastifyRequest['requireStaff']>>;
/** Who may call: anyone, a signed-in shopper, or signed-in staff (src/server/plugins/staff-auth.ts). */
type Auth = 'shopper' | 'staff' | undefined;

/** What a route declares about its request: `config.request` of every route (tests/api/security reads it). */
export interface DeclaredRequest {
  /** The path's `:parameters`. */
  params: z.ZodType;
  /** The query string and body fields the call reads (`NoInput` when none). */
  input: z.ZodType;
  from: InputSource;
}

export interface RouteSpec<I extends z.ZodType, P extends z.ZodType, A extends Auth> {
  method: Method;
  url: string;
  /** The call's parameters (`NoInput` when it reads none); unknown ones are dropped. */
  input: I;
  /** Required when `url` names `:parameters`, with exactly those keys. */
  params?: P;
  /** Defaults to `query` for GET, `query+body` otherwise. */
  from?: InputSource;
  /**
   * `shopper`: the token is checked (401) before the input is read, and the handler gets `user`.
   * `staff`: a staff session's token is checked (401), then `permission` (403), and the handler
   * gets `staff`.
   */
  auth?: A;
  /** Staff routes: what the caller's role must allow; none when any signed-in staff may call. */
  permission?: Permission;
  /** Staff routes an owner may call before enrolling an authenticator (me, sign-out, TOTP set-up). */
  duringTotpSetup?: boolean;
  /**
   * Remember parsed inputs by the raw query string, within this many bytes (GET only): for the hot
   * catalogue reads, where parsing was the costliest step left. Only inputs that parse are kept.
   */
  memoBytes?: number;
}

/** What a handler receives: the parsed input and path parameters, and the shopper when signed in. */
export interface RouteCall<I extends z.ZodType, P extends z.ZodType, A extends Auth> {
  input: z.output<I>;
  params: z.output<P>;
  user: A extends 'shopper' ? Shopper : undefined;
  staff: A extends 'staff' ? Staff : undefined;
}

const PATH_PARAM = /:(\w+)/g;

/**
 * Registers a route with its request schemas (docs/architecture.md §2): the one way a route is
 * written. Path parameters, then the input, are parsed before the handler runs (after the
 * shopper's token, for shopper routes), and a bad one answers 400 in the caller's language.
 */
export function route<I extends z.ZodType, P extends z.ZodType = typeof NoParams, A extends Auth = undefined>(
  app: FastifyInstance,
  spec: RouteSpec<I, P, A>,
  handler: (call: RouteCall<I, P, A>, request: FastifyRequest, reply: FastifyReply) => unknown,
): void {
  const params = (spec.params ?? NoParams) as z.ZodType;
  const named = [...spec.url.matchAll(PATH_PARAM)].map((m) => m[1]).sort();
  const declared = params instanceof z.ZodObject ? Object.keys(params.shape).sort() : [];
  if (named.join() !== declared.join()) {
    throw new Error(`${spec.method} ${spec.url}: params must declare exactly ${named.join(', ') || 'none'}`);
  }
  const from = spec.from ?? (spec.method === 'GET' ? 'query' : 'query+body');
  const readInput = inputReader(spec.input, from, spec.method === 'GET' ? spec.memoBytes : undefined);
  const readParams =
    params === NoParams ? () => ({}) : (request: FastifyRequest) => parsed(params, request.params);
  const callOf = (request: FastifyRequest, who: { user?: Shopper; staff?: Staff }) =>
    ({ params: readParams(request), input: readInput(request), ...who }) as RouteCall<I, P, A>;
  const staffCheck = { duringTotpSetup: spec.duringTotpSetup === true };
  const config: { request: DeclaredRequest } = { request: { params, input: spec.input, from } };
  app.route({
    method: spec.method,
    url: spec.url,
    config,
    handler:
      spec.auth === 'shopper'
        ? async (request, reply) =>
            handler(callOf(request, { user: await request.requireUser() }), request, reply)
        : spec.auth === 'staff'
          ? async (request, reply) => {
              const staff = await request.requireStaff(spec.permission, staffCheck);
              return handler(callOf(request, { staff }), request, reply);
            }
          : (request, reply) => handler(callOf(request, {}), request, reply),
  });
}

function inputReader<I extends z.ZodType>(
  schema: I,
  from: InputSource,
  memoBytes: number | undefined,
): (request: FastifyRequest) => z.output<I> {
  // Nothing to read: unknown parameters are ignored, so the answer is always the same.
  if ((schema as z.ZodType) === NoInput) return () => ({}) as z.output<I>;
  const read = (request: FastifyRequest) => parsed(schema, rawInput(request, from));
  if (memoBytes === undefined) return read;
  // What a query string means, remembered by its raw text. Bounded in bytes: the parsed value is
  // charged as much as the text it came from (it holds at most that text again and a few fields,
  // which the entry overhead covers).
  const known = new ByteLru<z.output<I>>(memoBytes);
  return (request) => {
    const at = request.url.indexOf('?');
    const raw = at < 0 ? '' : request.url.slice(at + 1);
    const hit = known.get(raw);
    if (hit !== undefined) return hit;
    const value = read(request);
    known.set(raw, value, raw.length * 2);
    return value;
  };
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

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's request schemas, as `route()` declares them. */
    request?: DeclaredRequest;
  }
}
