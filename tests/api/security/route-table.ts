import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type DeclaredRequest, declaredRequests, isApiPath } from '#server/http';
import type { Permission, StaffRole } from '#shared/schemas/staff.rules';
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
  /** A pending order's number, and its first line's id. */
  orderNo: string;
  orderLine: number;
  card: string;
  /** A staff member the admin probes may act on (set by the matrix for staff routes). */
  staffId?: number;
  /** A signed-in owner's token, for calling the admin routes. */
  staffToken?: string;
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
 * - `staff`: the operator console (/api/admin); a staff session's token, and `permission`.
 * - `ticket`: the live event stream; a signed, short-lived ticket a shopper route gave.
 */
export type Access = 'public' | 'shopper' | 'gateway' | 'sandbox' | 'staff' | 'ticket';

export interface RouteRule {
  access: Access;
  /**
   * Shopper routes only: how another shopper could reach the owner's rows through this route
   * (every probe must answer 404 and change nothing), or `own` when the route takes no id of a
   * per-user row and only ever reads or changes the caller's own.
   */
  foreign?: ((owner: ShopperIds, caller: ShopperIds) => Probe[]) | 'own';
  /** Valid parameters for the caller's own rows; bad input then replaces some of them. */
  valid?: (own: ShopperIds, product: string) => Record<string, string>;
  /** Tables a refused call writes by design: a failed sign-in, a counted wrong code. */
  writesWhenRefused?: readonly string[];
  /** The file field of an upload: the only kind of route that reads a multipart body. */
  upload?: 'file';
  /**
   * Staff routes: the permission the role needs (none: any signed-in staff), and whether an owner
   * may call it before enrolling an authenticator.
   */
  permission?: Permission;
  duringTotpSetup?: boolean;
  /** Staff routes: roles the route itself refuses with 403, whatever the permission. */
  forbiddenFor?: readonly StaffRole[];
  /**
   * Checks the staff member before reading any body (a route that takes a body bigger than the
   * shop's usual limit): a shopper's token is a 401 whatever is sent.
   */
  staffBeforeBody?: true;
  /** A download: its 200 answer is this type of file rather than the JSON envelope. */
  download?: 'text/csv';
}

/** A code the cart's coupon check accepts on any cart (shop-state.ts adds it with every shopper). */
export const CHECKABLE_COUPON = 'ROUTES1';

let probes = 0;
/** A number no earlier probe used: names and ZIP prefixes the tax probes add stay unique. */
const nextProbe = () => ++probes;

/** The demo seed's last product (264 products, ids in seed order). */
const LAST_SEED_PRODUCT_ID = '264';
const CARD_FORM = { name: 'Mei Lin', card_no: '4111111111111111', expiration_time: '08/29', code: '123' };
const CARD_PAY = { card: '4111111111111111', date: '08/29', code: '123', ...BILLING };
const PROMOTION_FORM = {
  en_name: 'Matrix deals',
  zn_name: '矩阵特价',
  ad_img: '/media/ad/matrix-750.webp',
  starts_at: '2026-01-01T09:00',
  ends_at: '2026-02-01T09:00',
  'products[0][id]': '1',
  'products[0][price]': '0.01',
};
const COUPON_FORM = {
  code: 'MATRIX5',
  kind: 'fixed',
  value: '5.00',
  min_spend: '20',
  starts_at: '2026-01-01T00:00',
  ends_at: '2027-01-01T00:00',
  usage_limit: '10',
  per_shopper_limit: '1',
};

/**
 * Every API route with its access decision. A route the server registers that is missing here
 * fails the suites: adding an endpoint means deciding who may call it and how its owner is checked.
 */
export const ROUTE_RULES: Record<string, RouteRule> = {
  'GET /api/index_banners': { access: 'public' },
  'GET /api/product_category': { access: 'public' },
  'GET /api/new_category': { access: 'public' },
  'GET /api/all_plate': { access: 'public' },
  'GET /api/new_product': { access: 'public' },
  'GET /api/index_product': {
    access: 'public',
    valid: () => ({ en_search: 'apple', page: '1', page_size: '20' }),
  },
  'GET /api/search_suggestions': { access: 'public', valid: () => ({ q: 'bnaanna' }) },
  'GET /api/index_product/:id': {
    access: 'public',
    valid: (_own, product) => ({ ':id': product }),
  },
  'GET /api/index_promotion': { access: 'public' },
  'GET /api/index_promotion/:id': { access: 'public', valid: () => ({ ':id': '1' }) },
  'GET /api/avatars': { access: 'public' },
  // Delivery slots: the coming windows, public like the catalogue.
  'GET /api/delivery/slots': { access: 'public' },

  'POST /api/buy/email': { access: 'public' },
  'POST /api/buy/registration': {
    access: 'public',
    valid: () => ({ email: 'new.shopper@example.com', code: '123456', name: 'Mei', password: 'long enough' }),
    writesWhenRefused: ['email_codes'],
  },
  'POST /api/login': {
    access: 'public',
    writesWhenRefused: ['sign_in_failures'],
  },
  'POST /api/buy/found/password': { access: 'public' },
  'PUT /api/buy/found/password': {
    access: 'public',
    writesWhenRefused: ['email_codes'],
  },

  'POST /api/quit': { access: 'shopper', foreign: 'own' },
  'GET /api/user': { access: 'shopper', foreign: 'own' },
  'PATCH /api/user': { access: 'shopper', foreign: 'own' },
  'POST /api/user/avatar': { access: 'shopper', foreign: 'own', upload: 'file' },
  'PUT /api/user/password': {
    access: 'shopper',
    foreign: 'own',
    valid: () => ({ old_password: 'not the password', password: 'a new password' }),
    writesWhenRefused: ['sign_in_failures'],
  },

  'GET /api/goods/count': { access: 'shopper', foreign: 'own' },
  'GET /api/cart': { access: 'shopper', foreign: 'own' },
  'POST /api/cart': {
    access: 'shopper',
    foreign: 'own',
    valid: (_own, product) => ({ uuid: product, amount: '1' }),
  },
  'PATCH /api/cart/:itemId': {
    access: 'shopper',
    foreign: (owner) => [{ params: { ':itemId': String(owner.cartLine), when_missing: 'replace' } }],
    valid: (own) => ({ ':itemId': String(own.cartLine), when_missing: 'replace' }),
  },
  'PUT /api/cart/:itemId/kept': {
    access: 'shopper',
    foreign: (owner) => [{ params: { ':itemId': String(owner.cartLine), kept: 'true' } }],
    valid: (own) => ({ ':itemId': String(own.cartLine), kept: 'true' }),
  },
  'DELETE /api/cart/:itemId': {
    access: 'shopper',
    foreign: (owner) => [{ params: { ':itemId': String(owner.cartLine) } }],
    valid: (own) => ({ ':itemId': String(own.cartLine) }),
  },

  'GET /api/address': { access: 'shopper', foreign: 'own' },
  'POST /api/address': { access: 'shopper', foreign: 'own', valid: () => ADDRESS },
  'PATCH /api/address': {
    access: 'shopper',
    foreign: (owner) => [{ params: { ...ADDRESS, city: 'Elsewhere', uuid: owner.address } }],
    valid: (own) => ({ ...ADDRESS, uuid: own.address }),
  },
  'DELETE /api/address/:uuid': {
    access: 'shopper',
    foreign: (owner) => [{ params: { ':uuid': owner.address } }],
    valid: (own) => ({ ':uuid': own.address }),
  },

  'POST /api/order': {
    access: 'shopper',
    // The owner's address with the caller's cart line, and the caller's address with the owner's.
    foreign: (owner, caller) => [
      { params: { uuid: owner.address, 'items[0][id]': String(caller.cartLine), 'items[0][num]': '1' } },
      { params: { uuid: caller.address, 'items[0][id]': String(owner.cartLine), 'items[0][num]': '1' } },
    ],
    valid: (own) => ({ uuid: own.address, 'items[0][id]': String(own.cartLine), 'items[0][num]': '1' }),
  },
  'GET /api/order': { access: 'shopper', foreign: 'own' },
  // The cart's coupon check (the owner's address or cart line answer 404) and the usable coupons.
  'GET /api/cart/coupon': {
    access: 'shopper',
    foreign: (owner): Probe[] => [
      { params: { code: 'WELCOME10', uuid: owner.address } },
      { params: { code: 'WELCOME10', 'items[0][id]': String(owner.cartLine), 'items[0][num]': '1' } },
    ],
    // The whole cart, with a code any cart meets: the suites' earlier calls may have taken the
    // address, the line or a minimum's worth of goods away.
    valid: () => ({ code: CHECKABLE_COUPON }),
  },
  'GET /api/coupons': { access: 'shopper', foreign: 'own' },
  'GET /api/order/:orderNo': {
    access: 'shopper',
    foreign: (owner) => [{ params: { ':orderNo': owner.orderNo } }],
    valid: (own) => ({ ':orderNo': own.orderNo }),
  },
  // Substitutions (docs/api.md): suggestions, a line's choice, the answer to a proposal.
  'GET /api/substitutes': {
    access: 'shopper',
    foreign: 'own',
    valid: (_own, product) => ({ uuid: product }),
  },
  'PATCH /api/order/:orderNo/lines/:lineId': {
    access: 'shopper',
    foreign: (owner) => [
      { params: { ':orderNo': owner.orderNo, ':lineId': String(owner.orderLine), when_missing: 'refund' } },
    ],
    valid: (own) => ({ ':orderNo': own.orderNo, ':lineId': String(own.orderLine), when_missing: 'replace' }),
  },
  'POST /api/order/:orderNo/lines/:lineId/answer': {
    access: 'shopper',
    foreign: (owner) => [
      { params: { ':orderNo': owner.orderNo, ':lineId': String(owner.orderLine), answer: 'approve' } },
    ],
    valid: (own) => ({ ':orderNo': own.orderNo, ':lineId': String(own.orderLine), answer: 'approve' }),
  },
  'GET /api/order/:orderNo/payment': {
    access: 'shopper',
    foreign: (owner) => [{ params: { ':orderNo': owner.orderNo } }],
    valid: (own) => ({ ':orderNo': own.orderNo }),
  },
  'GET /api/order/:orderNo/events': {
    access: 'shopper',
    foreign: (owner) => [{ params: { ':orderNo': owner.orderNo } }],
    valid: (own) => ({ ':orderNo': own.orderNo }),
  },
  'GET /api/notifications': { access: 'shopper', foreign: 'own' },
  'POST /api/notifications/read': { access: 'shopper', foreign: 'own', valid: () => ({ up_to: '1' }) },
  'POST /api/notifications/ticket': { access: 'shopper', foreign: 'own' },
  // The signed ticket is the proof (EventSource sends no token header); a bad one answers 401.
  'GET /api/notifications/stream': { access: 'ticket' },
  'POST /api/order/:orderNo/again': {
    access: 'shopper',
    foreign: (owner) => [{ params: { ':orderNo': owner.orderNo } }],
    valid: (own) => ({ ':orderNo': own.orderNo }),
  },
  // Cancelling an unpaid order: another shopper's answers 404 and the order stays pending.
  'POST /api/order/:orderNo/cancel': {
    access: 'shopper',
    foreign: (owner) => [{ params: { ':orderNo': owner.orderNo } }],
    valid: (own) => ({ ':orderNo': own.orderNo }),
  },

  'POST /api/authorize/pay': {
    access: 'shopper',
    // The owner's order with a new card, and the caller's order with the owner's saved card.
    foreign: (owner, caller): Probe[] => [
      { params: { order: owner.orderNo, ...CARD_PAY } },
      { params: { order: caller.orderNo, card_uuid: owner.card, code: '123' } },
    ],
    valid: (own) => ({ order: own.orderNo, ...CARD_PAY, 'billing[zip]': '46282' }),
  },
  'POST /api/yuansfer/pay': {
    access: 'shopper',
    foreign: (owner) => [{ params: { reference: owner.orderNo, vendor: 'alipay', terminal: 'ONLINE' } }],
    valid: (own) => ({ reference: own.orderNo, vendor: 'alipay', terminal: 'WAP' }),
  },
  'POST /api/yuansfer/ipn': { access: 'gateway' },

  'GET /api/credit_card': { access: 'shopper', foreign: 'own' },
  'PUT /api/credit_card': {
    access: 'shopper',
    foreign: 'own',
    valid: () => CARD_FORM,
    // A card the gateway refused counts against the card-tries limit.
    writesWhenRefused: ['card_tries'],
  },
  'PUT /api/credit_card/:uuid': {
    access: 'shopper',
    foreign: (owner) => [{ params: { ':uuid': owner.card, ...CARD_FORM } }],
    valid: (own) => ({ ':uuid': own.card, ...CARD_FORM }),
    writesWhenRefused: ['card_tries'],
  },
  'DELETE /api/credit_card/:uuid': {
    access: 'shopper',
    foreign: (owner) => [{ params: { ':uuid': owner.card } }],
    valid: (own) => ({ ':uuid': own.card }),
  },

  'POST /api/admin/sign-in': {
    access: 'public',
    valid: () => ({ email: 'nobody@example.com', password: 'not the password' }),
    writesWhenRefused: ['sign_in_failures'],
  },
  'POST /api/admin/password/set': {
    access: 'public',
    valid: () => ({ token: 'x'.repeat(43), password: 'a new password' }),
  },
  'POST /api/admin/sign-out': { access: 'staff', duringTotpSetup: true },
  'GET /api/admin/me': { access: 'staff', duringTotpSetup: true },
  // A member's own alerts: any role, each choosing among what its role allows.
  'GET /api/admin/me/alerts': { access: 'staff' },
  'POST /api/admin/me/alerts': { access: 'staff', valid: () => ({ alerts: 'orderPaid' }) },
  'POST /api/admin/totp/start': { access: 'staff', duringTotpSetup: true },
  'POST /api/admin/totp/confirm': {
    access: 'staff',
    duringTotpSetup: true,
    valid: () => ({ code: '123456' }),
    writesWhenRefused: ['sign_in_failures'],
  },
  'GET /api/admin/totp/recovery-codes': { access: 'staff' },
  'POST /api/admin/totp/recovery-codes': {
    access: 'staff',
    valid: () => ({ code: '123456' }),
    writesWhenRefused: ['sign_in_failures'],
  },
  'POST /api/admin/totp/disable': {
    access: 'staff',
    // Owners must keep their authenticator.
    forbiddenFor: ['owner'],
    valid: () => ({ code: '123456' }),
    writesWhenRefused: ['sign_in_failures'],
  },

  'GET /api/admin/staff': { access: 'staff', permission: 'staff.manage' },
  'POST /api/admin/staff': {
    access: 'staff',
    permission: 'staff.manage',
    valid: () => ({ email: 'new.staff@example.com', name: 'New', role: 'packer' }),
  },
  'POST /api/admin/staff/:id/role': {
    access: 'staff',
    permission: 'staff.manage',
    valid: (own) => ({ ':id': String(own.staffId ?? 1), role: 'manager' }),
  },
  'POST /api/admin/staff/:id/reset-2fa': {
    access: 'staff',
    permission: 'staff.manage',
    valid: (own) => ({ ':id': String(own.staffId ?? 1) }),
  },
  'DELETE /api/admin/staff/:id': {
    access: 'staff',
    permission: 'staff.manage',
    valid: (own) => ({ ':id': String(own.staffId ?? 1) }),
  },
  'GET /api/admin/audit': {
    access: 'staff',
    permission: 'audit.view',
    valid: () => ({ page: '1', page_size: '20', target: 'product', from: '2026-01-01', to: '2026-12-31' }),
  },
  'GET /api/admin/customers': {
    access: 'staff',
    permission: 'customers.view',
    valid: () => ({ q: 'buyer', page: '1', page_size: '20' }),
  },
  'GET /api/admin/customers/:uuid': {
    access: 'staff',
    permission: 'customers.view',
    valid: (own) => ({ ':uuid': own.uuid }),
  },
  'POST /api/admin/customers/:uuid/disable': {
    access: 'staff',
    permission: 'customers.manage',
    valid: (own) => ({ ':uuid': own.uuid }),
  },
  'POST /api/admin/customers/:uuid/enable': {
    access: 'staff',
    permission: 'customers.manage',
    valid: (own) => ({ ':uuid': own.uuid }),
  },
  // Delivery slots: everyone who sees orders reads the settings; owners and managers change them.
  'GET /api/admin/delivery/slots': { access: 'staff', permission: 'orders.view' },
  'POST /api/admin/delivery/slots': {
    access: 'staff',
    permission: 'catalogue.manage',
    valid: () => ({
      offered: 'false',
      required: 'false',
      capacity: '20',
      cutoff_hours: '12',
      days_ahead: '7',
    }),
  },
  'GET /api/admin/today': { access: 'staff', permission: 'orders.view' },
  // The owner's books: owners and managers (who may see the takings), never a packer.
  'GET /api/admin/reports': {
    access: 'staff',
    permission: 'sales.view',
    valid: () => ({ from: '2026-01-01', to: '2026-01-31' }),
  },
  'GET /api/admin/reports/export': {
    access: 'staff',
    permission: 'sales.view',
    download: 'text/csv',
    valid: () => ({ kind: 'orders', from: '2026-01-01', to: '2026-01-31' }),
  },
  'GET /api/admin/orders': {
    access: 'staff',
    permission: 'orders.view',
    valid: () => ({ q: 'a', page: '1' }),
  },
  'GET /api/admin/orders/packing': {
    access: 'staff',
    permission: 'orders.view',
    valid: (own) => ({ orders: own.orderNo }),
  },
  'GET /api/admin/orders/:orderNo': {
    access: 'staff',
    permission: 'orders.view',
    valid: (own) => ({ ':orderNo': own.orderNo }),
  },
  'POST /api/admin/orders/:orderNo/pack': {
    access: 'staff',
    permission: 'orders.fulfil',
    valid: (own) => ({ ':orderNo': own.orderNo }),
  },
  'POST /api/admin/orders/:orderNo/ship': {
    access: 'staff',
    permission: 'orders.fulfil',
    valid: (own) => ({ ':orderNo': own.orderNo, carrier: 'UPS', tracking: '1Z' }),
  },
  'POST /api/admin/orders/:orderNo/complete': {
    access: 'staff',
    permission: 'orders.fulfil',
    valid: (own) => ({ ':orderNo': own.orderNo }),
  },
  'POST /api/admin/orders/:orderNo/cancel': {
    access: 'staff',
    permission: 'orders.cancel',
    valid: (own) => ({ ':orderNo': own.orderNo }),
  },
  'POST /api/admin/orders/:orderNo/refund': {
    access: 'staff',
    permission: 'orders.refund',
    valid: (own) => ({ ':orderNo': own.orderNo, amount: '1.00', reason: 'bruised' }),
  },
  // The packer's day, the replacement picker, a line's mark.
  'GET /api/admin/packing': {
    access: 'staff',
    permission: 'orders.view',
    valid: () => ({ day: '2026-11-25' }),
  },
  'GET /api/admin/packing/products': {
    access: 'staff',
    permission: 'orders.fulfil',
    valid: () => ({ q: 'a' }),
  },
  'POST /api/admin/packing/:orderNo/lines/:lineId': {
    access: 'staff',
    permission: 'orders.fulfil',
    valid: (own) => ({
      ':orderNo': own.orderNo,
      ':lineId': '1',
      state: 'short',
      short: '1',
      key: 'matrix-key-1',
    }),
  },
  // The product CSV, search aliases and searches that found nothing.
  'GET /api/admin/products.csv': { access: 'staff', permission: 'catalogue.manage', download: 'text/csv' },
  'POST /api/admin/products/import': {
    access: 'staff',
    permission: 'catalogue.manage',
    staffBeforeBody: true,
    valid: () => ({ dryRun: '1' }),
  },
  'GET /api/admin/search-misses': {
    access: 'staff',
    permission: 'catalogue.manage',
    valid: () => ({ days: '30' }),
  },
  'GET /api/admin/search-aliases': { access: 'staff', permission: 'catalogue.manage' },
  'GET /api/admin/search-aliases/targets': {
    access: 'staff',
    permission: 'catalogue.manage',
    valid: () => ({ q: 'apple' }),
  },
  'POST /api/admin/search-aliases': {
    access: 'staff',
    permission: 'catalogue.manage',
    valid: () => ({ alias: 'matrix alias', category_id: '1' }),
  },
  'DELETE /api/admin/search-aliases/:id': {
    access: 'staff',
    permission: 'catalogue.manage',
    valid: () => ({ ':id': '1' }),
  },
  'GET /api/admin/search-synonyms': { access: 'staff', permission: 'catalogue.manage' },
  'POST /api/admin/search-synonyms': {
    access: 'staff',
    permission: 'catalogue.manage',
    valid: () => ({ terms: 'matrix one, matrix two' }),
  },
  'POST /api/admin/search-synonyms/:id': {
    access: 'staff',
    permission: 'catalogue.manage',
    valid: () => ({ ':id': '1', terms: 'matrix one, matrix two' }),
  },
  'DELETE /api/admin/search-synonyms/:id': {
    access: 'staff',
    permission: 'catalogue.manage',
    valid: () => ({ ':id': '1' }),
  },

  // Categories, banners and plates: catalogue.manage, owner and manager.
  'GET /api/admin/categories': { access: 'staff', permission: 'catalogue.manage' },
  'POST /api/admin/categories': {
    access: 'staff',
    permission: 'catalogue.manage',
    valid: () => ({ en_name: 'Tea', zn_name: '茶', icon: '/media/categories/tea-96.webp' }),
  },
  'POST /api/admin/categories/:id': {
    access: 'staff',
    permission: 'catalogue.manage',
    valid: () => ({ ':id': '1', en_name: 'Fruit', zn_name: '水果', icon: '/media/categories/fruit-96.webp' }),
  },
  'POST /api/admin/categories/:id/move': {
    access: 'staff',
    permission: 'catalogue.manage',
    valid: () => ({ ':id': '1', direction: 'down' }),
  },
  'DELETE /api/admin/categories/:id': {
    access: 'staff',
    permission: 'catalogue.manage',
    valid: () => ({ ':id': '1' }),
  },
  'GET /api/admin/banners': { access: 'staff', permission: 'catalogue.manage' },
  'POST /api/admin/banners': {
    access: 'staff',
    permission: 'catalogue.manage',
    valid: () => ({ type: '2', url: '/promotions', image: '/media/banners/sale-1280.webp' }),
  },
  'POST /api/admin/banners/:id': {
    access: 'staff',
    permission: 'catalogue.manage',
    valid: () => ({ ':id': '1', type: '2', url: '/categories', image: '/media/banners/sale-1280.webp' }),
  },
  'POST /api/admin/banners/:id/publish': {
    access: 'staff',
    permission: 'catalogue.manage',
    valid: () => ({ ':id': '1', published: 'true' }),
  },
  'POST /api/admin/banners/:id/move': {
    access: 'staff',
    permission: 'catalogue.manage',
    valid: () => ({ ':id': '1', direction: 'down' }),
  },
  'DELETE /api/admin/banners/:id': {
    access: 'staff',
    permission: 'catalogue.manage',
    valid: () => ({ ':id': '1' }),
  },
  'GET /api/admin/plates': { access: 'staff', permission: 'catalogue.manage' },
  'POST /api/admin/plates': {
    access: 'staff',
    permission: 'catalogue.manage',
    valid: () => ({ style: '1', en_name: 'Fruit', zn_name: '水果', category_id: '1' }),
  },
  'POST /api/admin/plates/:id': {
    access: 'staff',
    permission: 'catalogue.manage',
    valid: () => ({ ':id': '1', style: '1', en_name: 'Fruit', zn_name: '水果', category_id: '1' }),
  },
  'POST /api/admin/plates/:id/publish': {
    access: 'staff',
    permission: 'catalogue.manage',
    valid: () => ({ ':id': '1', published: 'true' }),
  },
  'POST /api/admin/plates/:id/move': {
    access: 'staff',
    permission: 'catalogue.manage',
    valid: () => ({ ':id': '1', direction: 'down' }),
  },
  'DELETE /api/admin/plates/:id': {
    access: 'staff',
    permission: 'catalogue.manage',
    valid: () => ({ ':id': '1' }),
  },
  // The console's products (the last seed product, so the matrix never deletes
  // the plentiful one other calls order).
  'GET /api/admin/products': {
    access: 'staff',
    permission: 'catalogue.manage',
    valid: () => ({ q: 'bok choy', page: '1', pageSize: '20' }),
  },
  'GET /api/admin/products/:id': {
    access: 'staff',
    permission: 'catalogue.manage',
    valid: () => ({ ':id': LAST_SEED_PRODUCT_ID }),
  },
  'POST /api/admin/products': {
    access: 'staff',
    permission: 'catalogue.manage',
    valid: () => ({ category_id: '1', en_name: 'Matrix pear', zn_name: '矩阵梨', price: '1.99' }),
  },
  'POST /api/admin/products/:id': {
    access: 'staff',
    permission: 'catalogue.manage',
    valid: () => ({ ':id': LAST_SEED_PRODUCT_ID, low_stock_threshold: '5' }),
  },
  'POST /api/admin/products/:id/publish': {
    access: 'staff',
    permission: 'catalogue.manage',
    valid: () => ({ ':id': LAST_SEED_PRODUCT_ID, published: 'true' }),
  },
  'DELETE /api/admin/products/:id': {
    access: 'staff',
    permission: 'catalogue.manage',
    valid: () => ({ ':id': LAST_SEED_PRODUCT_ID }),
  },
  // Pictures (media.routes.ts): staff uploads, checked before a byte of the file is read.
  'POST /api/admin/media/:kind': {
    access: 'staff',
    permission: 'catalogue.manage',
    upload: 'file',
    valid: () => ({ ':kind': 'icon' }),
  },
  'GET /api/admin/products/:id/images': {
    access: 'staff',
    permission: 'catalogue.manage',
    valid: () => ({ ':id': '1' }),
  },
  'POST /api/admin/products/:id/images': {
    access: 'staff',
    permission: 'catalogue.manage',
    upload: 'file',
    valid: () => ({ ':id': '1' }),
  },
  'POST /api/admin/products/:id/images/order': {
    access: 'staff',
    permission: 'catalogue.manage',
    valid: () => ({ ':id': '1', ids: '1' }),
  },
  'DELETE /api/admin/products/:id/images/:imageId': {
    access: 'staff',
    permission: 'catalogue.manage',
    // No such picture: the matrix checks who may call, and leaves the seed's pictures alone.
    valid: () => ({ ':id': '1', ':imageId': '999999' }),
  },
  // The console's stock routes.
  'GET /api/admin/stock': {
    access: 'staff',
    permission: 'catalogue.manage',
    valid: () => ({ q: 'a', filter: 'low', page: '1', pageSize: '20' }),
  },
  'POST /api/admin/stock': {
    access: 'staff',
    permission: 'catalogue.manage',
    valid: () => ({
      'changes[0][productId]': '1',
      'changes[0][reason]': 'received',
      'changes[0][quantity]': '1',
    }),
  },
  'GET /api/admin/products/:id/stock': {
    access: 'staff',
    permission: 'catalogue.manage',
    valid: () => ({ ':id': '1', page: '1' }),
  },
  'POST /api/admin/products/:id/threshold': {
    access: 'staff',
    permission: 'catalogue.manage',
    valid: () => ({ ':id': '1', threshold: '5' }),
  },
  // The delivery terms; the visitor's reads, and the console's page (owner and manager).
  'GET /api/delivery': { access: 'public' },
  'GET /api/delivery/check': { access: 'public', valid: () => ({ zip: '94107' }) },
  'GET /api/admin/delivery': { access: 'staff', permission: 'delivery.manage' },
  'POST /api/admin/delivery': {
    access: 'staff',
    permission: 'delivery.manage',
    // An area that keeps every test address inside it, no fee: the other probes' orders still place.
    valid: () => ({ area: '94, 10', fee: '', free_over: '', minimum: '', tax_on_fee: '0' }),
  },
  // The shop's grocery settings: owners only.
  'GET /api/admin/settings': { access: 'staff', permission: 'settings.manage' },
  'PUT /api/admin/settings': {
    access: 'staff',
    permission: 'settings.manage',
    valid: () => ({ weight_unit: 'lb', hold_buffer_percent: '10', substitution_answer_minutes: '30' }),
  },
  // Tax: owners and managers see the classes and areas; only owners change them. The areas the
  // probes add hold prefixes no test address is in, each probe its own.
  'GET /api/admin/tax': { access: 'staff', permission: 'tax.view' },
  'POST /api/admin/tax/classes': {
    access: 'staff',
    permission: 'tax.manage',
    valid: () => ({ code: `matrix_${nextProbe()}`, en_name: 'Matrix', zn_name: '矩阵', rate: '4.5' }),
  },
  'POST /api/admin/tax/classes/:code': {
    access: 'staff',
    permission: 'tax.manage',
    valid: () => ({ ':code': 'household', en_name: 'Household', zn_name: '家居用品', rate: '4.5' }),
  },
  'DELETE /api/admin/tax/classes/:code': {
    access: 'staff',
    permission: 'tax.manage',
    // No such class: the matrix checks who may call, and leaves the shop's classes alone.
    valid: () => ({ ':code': 'no_such_class' }),
  },
  'POST /api/admin/tax/areas': {
    access: 'staff',
    permission: 'tax.manage',
    valid: () => {
      const n = nextProbe();
      return {
        name: `Matrix ${n}`,
        zips: `0${String(n).padStart(4, '0')}`,
        'rates[0][class]': 'groceries',
        'rates[0][rate]': '4.5',
      };
    },
  },
  'POST /api/admin/tax/areas/:id': {
    access: 'staff',
    permission: 'tax.manage',
    valid: () => ({
      ':id': '1',
      name: 'Matrix area',
      zips: '00000',
      'rates[0][class]': 'household',
      'rates[0][rate]': '4.5',
    }),
  },
  'DELETE /api/admin/tax/areas/:id': {
    access: 'staff',
    permission: 'tax.manage',
    valid: () => ({ ':id': '999999' }),
  },
  // Promotions and coupons: catalogue.manage, owner and manager.
  'GET /api/admin/promotions': { access: 'staff', permission: 'catalogue.manage' },
  'GET /api/admin/promotions/:id': {
    access: 'staff',
    permission: 'catalogue.manage',
    valid: () => ({ ':id': '1' }),
  },
  'POST /api/admin/promotions': {
    access: 'staff',
    permission: 'catalogue.manage',
    valid: () => PROMOTION_FORM,
  },
  'POST /api/admin/promotions/:id': {
    access: 'staff',
    permission: 'catalogue.manage',
    valid: () => ({ ':id': '1', ...PROMOTION_FORM }),
  },
  'DELETE /api/admin/promotions/:id': {
    access: 'staff',
    permission: 'catalogue.manage',
    valid: () => ({ ':id': '1' }),
  },
  'GET /api/admin/coupons': { access: 'staff', permission: 'catalogue.manage' },
  'GET /api/admin/coupons/:id': {
    access: 'staff',
    permission: 'catalogue.manage',
    valid: () => ({ ':id': '1' }),
  },
  'POST /api/admin/coupons': {
    access: 'staff',
    permission: 'catalogue.manage',
    valid: () => COUPON_FORM,
  },
  'POST /api/admin/coupons/:id': {
    access: 'staff',
    permission: 'catalogue.manage',
    valid: () => ({ ':id': '1', ...COUPON_FORM }),
  },
  'DELETE /api/admin/coupons/:id': {
    access: 'staff',
    permission: 'catalogue.manage',
    valid: () => ({ ':id': '1' }),
  },

  'GET /sandbox/pay/:token': { access: 'sandbox' },
  'POST /sandbox/pay/:token': { access: 'sandbox' },
};

/** Routes the API answers (and the sandbox pages); everything else is the web app's files. */
export { isApiPath };

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

/** The keys a request schema reads: an object's, through the pipes that preprocess or transform it. */
export function declaredFields(schema: unknown): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe)
    return [...new Set([...declaredFields(schema.in), ...declaredFields(schema.out)])];
  return [];
}

/**
 * The parameters a route reads, from the schemas it declares (path parameters as `:name`), with
 * the keys its valid example sends (flat form keys such as `items[0][id]`) and its upload's file.
 */
export function fieldsOf(
  app: FastifyInstance,
  route: Route,
  rule: RouteRule,
  valid: Record<string, string> = {},
): string[] {
  const method = route.method === 'HEAD' ? 'GET' : route.method;
  const request: DeclaredRequest | undefined = declaredRequests(app).get(`${method} ${route.url}`);
  return [
    ...new Set([
      ...declaredFields(request?.params).map((name) => `:${name}`),
      ...declaredFields(request?.input),
      ...Object.keys(valid),
      ...(rule.upload ? [rule.upload] : []),
    ]),
  ];
}
