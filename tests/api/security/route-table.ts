import type { FastifyInstance } from 'fastify';
import { ADDRESS, BILLING } from '../../helpers/shoppers';

export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Route {
  method: Method;
  /** The path as registered, parameters included (`/api/cart/:itemId`). */
  url: string;
}

/**
 * Every route Fastify registered, read from its own route tree (`printRoutes`), so a route added
 * later shows up here without anyone listing it. Each parsed route is checked with `hasRoute`,
 * so a change in the tree's print format fails loudly instead of hiding routes.
 */
export function registeredRoutes(app: FastifyInstance): Route[] {
  const stack: string[] = [];
  const routes: Route[] = [];
  for (const line of app.printRoutes().split('\n')) {
    if (line.trim() === '') continue;
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) throw new Error(`route tree line not understood: ${line}`);
    const [, indent = '', segment = '', methods] = match;
    const depth = indent.length / 4;
    const url = (stack[depth - 1] ?? '') + segment;
    stack.length = depth;
    stack.push(url);
    for (const method of methods?.split(', ') ?? []) {
      if (!app.hasRoute({ method: method as Method, url })) {
        throw new Error(`parsed a route Fastify does not have: ${method} ${url}`);
      }
      routes.push({ method: method as Method, url });
    }
  }
  return routes;
}

/** The rows of one shopper that another shopper must never reach. */
export interface ShopperIds {
  id: number;
  token: string;
  email: string;
  uuid: string;
  address: string;
  cartLine: number;
  /** A pending order's number. */
  orderNo: string;
  card: string;
}

/** A call with the parameters it sends (path parameters as `:name`). */
export interface Probe {
  params: Record<string, string>;
}

/**
 * - `public`: answers visitors (the catalogue, and sign-up, sign-in and reset).
 * - `shopper`: per-user; a visitor gets 401.
 * - `gateway`: called by the payment gateway's server; its signature is the proof, not a token.
 * - `sandbox`: the built-in sandbox wallet's pay page; the unguessable link is the proof.
 */
export type Access = 'public' | 'shopper' | 'gateway' | 'sandbox';

export interface RouteRule {
  access: Access;
  /**
   * Shopper routes only: how another shopper could reach the owner's rows through this route
   * (every probe must answer 404 and change nothing), or `own` when the route takes no id of a
   * per-user row and only ever reads or changes the caller's own.
   */
  foreign?: ((owner: ShopperIds, caller: ShopperIds) => Probe[]) | 'own';
  /** Parameters the route reads from the query, form or JSON body (path parameters as `:name`). */
  fields: readonly string[];
  /** Valid parameters for the caller's own rows; bad input then replaces some of them. */
  valid?: (own: ShopperIds, product: string) => Record<string, string>;
  /** Tables a refused call writes by design: a failed sign-in, a counted wrong code. */
  writesWhenRefused?: readonly string[];
  /** Takes an uploaded file: the only kind of route that reads a multipart body. */
  upload?: true;
}

const ADDRESS_FIELDS = [...Object.keys(ADDRESS), 'default_status'];
const CARD_FORM = { name: 'Mei Lin', card_no: '4111111111111111', expiration_time: '08/29', code: '123' };
const CARD_PAY = { card: '4111111111111111', date: '08/29', code: '123', ...BILLING };
const IPN_FIELDS = [
  'transactionNo',
  'status',
  'amount',
  'currency',
  'settleCurrency',
  'time',
  'reference',
  'verifySign',
];

/**
 * Every API route with its access decision. A route the server registers that is missing here
 * fails the suites: adding an endpoint means deciding who may call it and how its owner is checked.
 */
export const ROUTE_RULES: Record<string, RouteRule> = {
  'GET /api/index_banners': { access: 'public', fields: [] },
  'GET /api/product_category': { access: 'public', fields: ['category_id'] },
  'GET /api/new_category': { access: 'public', fields: [] },
  'GET /api/all_plate': { access: 'public', fields: [] },
  'GET /api/new_product': { access: 'public', fields: ['category_id', 'page', 'page_size'] },
  'GET /api/index_product': {
    access: 'public',
    fields: ['category_id', 'most_sold', 'en_search', 'promotion_plan', 'page', 'page_size'],
    valid: () => ({ en_search: 'apple', page: '1', page_size: '20' }),
  },
  'GET /api/index_product/:id': {
    access: 'public',
    fields: [':id'],
    valid: (_own, product) => ({ ':id': product }),
  },
  'GET /api/index_promotion/:id': { access: 'public', fields: [':id'], valid: () => ({ ':id': '1' }) },
  'GET /api/avatars': { access: 'public', fields: [] },

  'POST /api/buy/email': { access: 'public', fields: ['email'] },
  'POST /api/buy/registration': {
    access: 'public',
    fields: ['email', 'code', 'name', 'password'],
    valid: () => ({ email: 'new.shopper@example.com', code: '123456', name: 'Mei', password: 'long enough' }),
    writesWhenRefused: ['email_codes'],
  },
  'POST /api/login': {
    access: 'public',
    fields: ['email', 'password'],
    writesWhenRefused: ['sign_in_failures'],
  },
  'POST /api/buy/found/password': { access: 'public', fields: ['email'] },
  'PUT /api/buy/found/password': {
    access: 'public',
    fields: ['email', 'code', 'password'],
    writesWhenRefused: ['email_codes'],
  },

  'POST /api/quit': { access: 'shopper', foreign: 'own', fields: [] },
  'GET /api/user': { access: 'shopper', foreign: 'own', fields: [] },
  'PATCH /api/user': { access: 'shopper', foreign: 'own', fields: ['name', 'avatar'] },
  'POST /api/user/avatar': { access: 'shopper', foreign: 'own', fields: ['file'], upload: true },
  'PUT /api/user/password': {
    access: 'shopper',
    foreign: 'own',
    fields: ['old_password', 'password'],
    valid: () => ({ old_password: 'not the password', password: 'a new password' }),
    writesWhenRefused: ['sign_in_failures'],
  },

  'GET /api/goods/count': { access: 'shopper', foreign: 'own', fields: [] },
  'GET /api/cart': { access: 'shopper', foreign: 'own', fields: [] },
  'POST /api/cart': {
    access: 'shopper',
    foreign: 'own',
    fields: ['uuid', 'amount', 'type'],
    valid: (_own, product) => ({ uuid: product, amount: '1' }),
  },
  'DELETE /api/cart/:itemId': {
    access: 'shopper',
    foreign: (owner) => [{ params: { ':itemId': String(owner.cartLine) } }],
    fields: [':itemId'],
    valid: (own) => ({ ':itemId': String(own.cartLine) }),
  },

  'GET /api/address': { access: 'shopper', foreign: 'own', fields: [] },
  'POST /api/address': { access: 'shopper', foreign: 'own', fields: ADDRESS_FIELDS, valid: () => ADDRESS },
  'PATCH /api/address': {
    access: 'shopper',
    foreign: (owner) => [{ params: { ...ADDRESS, city: 'Elsewhere', uuid: owner.address } }],
    fields: ['uuid', ...ADDRESS_FIELDS],
    valid: (own) => ({ ...ADDRESS, uuid: own.address }),
  },
  'DELETE /api/address/:uuid': {
    access: 'shopper',
    foreign: (owner) => [{ params: { ':uuid': owner.address } }],
    fields: [':uuid'],
    valid: (own) => ({ ':uuid': own.address }),
  },

  'POST /api/order': {
    access: 'shopper',
    // The owner's address with the caller's cart line, and the caller's address with the owner's.
    foreign: (owner, caller) => [
      { params: { uuid: owner.address, 'items[0][id]': String(caller.cartLine), 'items[0][num]': '1' } },
      { params: { uuid: caller.address, 'items[0][id]': String(owner.cartLine), 'items[0][num]': '1' } },
    ],
    fields: ['uuid', 'coupon', 'items', 'items[0][id]', 'items[0][num]'],
    valid: (own) => ({ uuid: own.address, 'items[0][id]': String(own.cartLine), 'items[0][num]': '1' }),
  },
  'GET /api/order': { access: 'shopper', foreign: 'own', fields: [] },
  'GET /api/order/:orderNo': {
    access: 'shopper',
    foreign: (owner) => [{ params: { ':orderNo': owner.orderNo } }],
    fields: [':orderNo'],
    valid: (own) => ({ ':orderNo': own.orderNo }),
  },
  'GET /api/order/:orderNo/payment': {
    access: 'shopper',
    foreign: (owner) => [{ params: { ':orderNo': owner.orderNo } }],
    fields: [':orderNo'],
    valid: (own) => ({ ':orderNo': own.orderNo }),
  },

  'POST /api/authorize/pay': {
    access: 'shopper',
    // The owner's order with a new card, and the caller's order with the owner's saved card.
    foreign: (owner, caller): Probe[] => [
      { params: { order: owner.orderNo, ...CARD_PAY } },
      { params: { order: caller.orderNo, card_uuid: owner.card, code: '123' } },
    ],
    fields: ['order', 'card', 'date', 'code', 'card_uuid', 'billing', ...Object.keys(BILLING)],
    valid: (own) => ({ order: own.orderNo, ...CARD_PAY, 'billing[zip]': '46282' }),
  },
  'POST /api/yuansfer/pay': {
    access: 'shopper',
    foreign: (owner) => [{ params: { reference: owner.orderNo, vendor: 'alipay', terminal: 'ONLINE' } }],
    fields: ['reference', 'vendor', 'terminal'],
    valid: (own) => ({ reference: own.orderNo, vendor: 'alipay', terminal: 'WAP' }),
  },
  'POST /api/yuansfer/ipn': { access: 'gateway', fields: IPN_FIELDS },

  'GET /api/credit_card': { access: 'shopper', foreign: 'own', fields: [] },
  'PUT /api/credit_card': {
    access: 'shopper',
    foreign: 'own',
    fields: ['name', 'holder_name', 'card_no', 'expiration_time', 'code'],
    valid: () => CARD_FORM,
    // A card the gateway refused counts against the card-tries limit.
    writesWhenRefused: ['card_tries'],
  },
  'PUT /api/credit_card/:uuid': {
    access: 'shopper',
    foreign: (owner) => [{ params: { ':uuid': owner.card, ...CARD_FORM } }],
    fields: [':uuid', 'name', 'holder_name', 'card_no', 'expiration_time', 'code'],
    valid: (own) => ({ ':uuid': own.card, ...CARD_FORM }),
    writesWhenRefused: ['card_tries'],
  },
  'DELETE /api/credit_card/:uuid': {
    access: 'shopper',
    foreign: (owner) => [{ params: { ':uuid': owner.card } }],
    fields: [':uuid'],
    valid: (own) => ({ ':uuid': own.card }),
  },

  'GET /sandbox/pay/:token': { access: 'sandbox', fields: [':token'] },
  'POST /sandbox/pay/:token': { access: 'sandbox', fields: [':token', 'outcome'] },
};

/** Routes the API answers (and the sandbox pages); everything else is the web app's files. */
export const isApiPath = (url: string) => url.startsWith('/api/') || url.startsWith('/sandbox/');

/** The rule for a route; HEAD shares its GET's. */
export function ruleOf(route: Route): RouteRule | undefined {
  const method = route.method === 'HEAD' ? 'GET' : route.method;
  return ROUTE_RULES[`${method} ${route.url}`];
}

/**
 * The routes that need a decision and have none, and rules for routes that no longer exist.
 * Files (outside /api and /sandbox) need none, but may only be read.
 */
export function unclassified(routes: Route[]): {
  missing: string[];
  stale: string[];
  writableFiles: string[];
} {
  const missing = routes.filter((r) => isApiPath(r.url) && !ruleOf(r)).map((r) => `${r.method} ${r.url}`);
  const writableFiles = routes
    .filter((r) => !isApiPath(r.url) && r.method !== 'GET' && r.method !== 'HEAD')
    .map((r) => `${r.method} ${r.url}`);
  const registered = new Set(routes.map((r) => `${r.method} ${r.url}`));
  const stale = Object.keys(ROUTE_RULES).filter((key) => !registered.has(key));
  return { missing, stale, writableFiles };
}

/** The URL of a route with its `:name` parameters filled in (and left out of the rest). */
export function urlOf(route: Route, params: Record<string, string>): string {
  return route.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[`:${name}`] ?? 'x'));
}

/** The parameters that are not path parameters. */
export function bodyParams(params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).filter(([k]) => !k.startsWith(':')));
}
