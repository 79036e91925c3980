import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '#server/db/client';
import { sessions, users } from '#server/db/schema';
import { SESSION_TTL_MS } from '#server/modules/account/account.service';
import { hashToken, newToken } from '#server/modules/account/secrets';
import { ADDRESS } from './forms';

export { ADDRESS, BILLING } from './forms';

export interface Shopper {
  id: number;
  uuid: string;
  email: string;
  token: string;
}

let counter = 0;

/**
 * A signed-in shopper made straight in the database: the sign-up flow has its own tests, and
 * scrypt per shopper would make the concurrency tests crawl. The password hash is unusable.
 */
export async function createShopper(database: Database, now = new Date()): Promise<Shopper> {
  const email = `buyer${++counter}.${randomUUID().slice(0, 8)}@example.com`;
  const [user] = await database.db
    .insert(users)
    .values({ uuid: randomUUID(), email, name: `Buyer ${counter}`, passwordHash: 'none', createdAt: now })
    .returning();
  if (!user) throw new Error('no user');
  const token = newToken();
  await database.db.insert(sessions).values({
    userId: user.id,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
  });
  return { id: user.id, uuid: user.uuid, email, token };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Calls the app as a shopper would: form-encoded parameters, the token in `authorization`. */
export async function callAs(
  app: FastifyInstance,
  who: Pick<Shopper, 'token'> | undefined,
  method: Method,
  url: string,
  form?: Record<string, string | number>,
) {
  const headers: Record<string, string> = {};
  if (who) headers.authorization = who.token;
  let payload: string | undefined;
  if (form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)])).toString();
  }
  const res = await app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined };
}

/** Calls the app as a shopper with a JSON body (the choice and answer routes), in `language`. */
export async function callAsJson(
  app: FastifyInstance,
  who: Pick<Shopper, 'token'>,
  method: Method,
  url: string,
  body?: object,
  language = 'en',
) {
  const res = await app.inject({
    method,
    url,
    headers: { authorization: who.token, 'accept-language': language },
    ...(body ? { payload: body } : {}),
  });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined };
}

/**
 * `who` puts `amount` of the product `productUuid` in the cart, adds an address and orders that
 * line there, as the storefront does; answers the order's number (and throws when it was refused).
 */
export async function orderThroughCart(
  app: FastifyInstance,
  who: Pick<Shopper, 'token'>,
  productUuid: string,
  amount: number,
): Promise<string> {
  const address = (await callAs(app, who, 'POST', '/api/address', ADDRESS)).body.data.uuid as string;
  await callAs(app, who, 'POST', `/api/cart?amount=${amount}&uuid=${productUuid}`);
  const [line] = (await callAs(app, who, 'GET', '/api/cart')).body.data;
  const placed = await callAs(app, who, 'POST', '/api/order', {
    uuid: address,
    coupon: '',
    'items[0][id]': line.id,
    'items[0][num]': amount,
  });
  if (placed.status !== 200) throw new Error(`the order was refused: ${JSON.stringify(placed.body)}`);
  return String(placed.body.data);
}
