import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditCards } from '#server/db/schema';
import { passesLuhn } from '#server/gateways/card-rules';
import { createShopper, type Shopper } from '../../../../tests/helpers/shoppers';
import {
  cardForm,
  copiesOfOrder,
  type LiveShop,
  placeOrder,
  shown,
  startLiveShop,
} from '../payment/payment.fixture';
import {
  CARD_TRIES_PER_CLIENT,
  CARD_TRIES_PER_SHOPPER,
  CARD_TRIES_WINDOW_MS,
  SAVED_CARDS_MAX,
} from './card.tries';

let shop: LiveShop;
beforeAll(async () => {
  shop = await startLiveShop();
});
afterAll(async () => shop?.close());

const DECLINED = '4000000000000002';
const GENERIC = {
  en: 'The card could not be saved. Please check its details or use another card.',
  zh: '无法保存此卡，请核对卡片信息或换一张卡。',
};

/** A Visa number nobody chose: 15 random digits and the Luhn check digit. */
function randomCardNumber(): string {
  const body = `4${Array.from({ length: 14 }, () => randomInt(10)).join('')}`;
  const check = [...'0123456789'].find((d) => passesLuhn(`${body}${d}`));
  return `${body}${check}`;
}

const cardSave = (number: string) => ({
  name: 'Mei Lin',
  card_no: number,
  expiration_time: '08/30',
  // With a security code the save is checked at the gateway (validationMode liveMode).
  code: '123',
});

/** A call from one client address (each test has its own, so the per-client counts stay apart). */
async function callFrom(
  client: string,
  s: Shopper,
  method: 'PUT' | 'POST',
  url: string,
  form: Record<string, string>,
  language = 'en',
) {
  const res = await shop.t.app.inject({
    method,
    url,
    remoteAddress: client,
    headers: { authorization: s.token, 'accept-language': language },
    payload: form,
  });
  return { status: res.statusCode, body: res.json(), retryAfter: res.headers['retry-after'] };
}

const save = (client: string, s: Shopper, number: string, language = 'en') =>
  callFrom(client, s, 'PUT', '/api/credit_card', cardSave(number), language);
const pay = (client: string, s: Shopper, form: Record<string, string>) =>
  callFrom(client, s, 'POST', '/api/authorize/pay', form);

const charges = () => shop.anet.requestsOf('createTransactionRequest').length;
const cardChecks = () => shop.anet.requestsOf('createCustomerPaymentProfileRequest').length;
/** How many answers had each HTTP status. */
function statusesOf(answers: { status: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}
/** The parallel cases run hundreds of queries on one PGlite connection; a busy machine needs time. */
const PARALLEL_TEST_MS = 120_000;
const WINDOW_SECONDS = String(CARD_TRIES_WINDOW_MS / 1000);

describe('card tries (card testing)', () => {
  it('lets exactly the limit of 40 parallel declined payments reach the gateway', {
    timeout: PARALLEL_TEST_MS,
  }, async () => {
    const { t } = shop;
    const o = await placeOrder(t, 0, 1);
    const orderNos = [o.orderNo, ...(await copiesOfOrder(t, o.orderNo, 39))];
    const before = charges();
    const answers = await Promise.all(
      orderNos.map((orderNo) => pay('198.51.100.1', o.s, cardForm(orderNo, { card: DECLINED }))),
    );
    expect(charges() - before).toBe(CARD_TRIES_PER_SHOPPER);
    expect(statusesOf(answers)).toEqual({ 200: CARD_TRIES_PER_SHOPPER, 429: 40 - CARD_TRIES_PER_SHOPPER });
    for (const a of answers.filter((x) => x.status === 200)) {
      expect(shown(a.body)).toEqual({ status: 1, text: 'This transaction has been declined.' });
    }
    const throttled = answers.find((a) => a.status === 429);
    expect(throttled?.retryAfter).toBe(WINDOW_SECONDS);
    expect(throttled?.body.message).toBe(
      `Too many tries. Please wait ${WINDOW_SECONDS} seconds and try again.`,
    );
  });

  it('saves at most the cap of 60 parallel saves of random numbers, and asks the gateway no more', {
    timeout: PARALLEL_TEST_MS,
  }, async () => {
    const { t } = shop;
    const s = await createShopper(t.database, t.clock.now());
    const before = cardChecks();
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => save('198.51.100.2', s, randomCardNumber())),
    );
    const saved = await t.database.db.select().from(creditCards).where(eq(creditCards.userId, s.id));
    expect(saved).toHaveLength(SAVED_CARDS_MAX);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(SAVED_CARDS_MAX);
    expect(answers.every((a) => [200, 409, 429].includes(a.status))).toBe(true);
    expect(cardChecks() - before).toBe(SAVED_CARDS_MAX);

    const full = await save('198.51.100.2', s, randomCardNumber());
    expect(full).toMatchObject({
      status: 409,
      body: {
        code: 409,
        message: `You can keep at most ${SAVED_CARDS_MAX} cards. Delete one to add another.`,
      },
    });
    const fullZh = await save('198.51.100.2', s, randomCardNumber(), 'zh-CN');
    expect(fullZh.body.message).toBe(`最多只能保存 ${SAVED_CARDS_MAX} 张银行卡，请先删除一张再添加。`);
    expect(cardChecks() - before).toBe(SAVED_CARDS_MAX);
  });

  it('lets exactly the limit of 60 parallel declined saves reach the gateway', {
    timeout: PARALLEL_TEST_MS,
  }, async () => {
    const { t } = shop;
    const s = await createShopper(t.database, t.clock.now());
    const before = cardChecks();
    const answers = await Promise.all(Array.from({ length: 60 }, () => save('198.51.100.3', s, DECLINED)));
    expect(cardChecks() - before).toBe(CARD_TRIES_PER_SHOPPER);
    expect(statusesOf(answers)).toEqual({ 400: CARD_TRIES_PER_SHOPPER, 429: 60 - CARD_TRIES_PER_SHOPPER });
    expect(answers.find((a) => a.status === 429)?.retryAfter).toBe(WINDOW_SECONDS);
  });

  it("answers a refused save with one text in the shopper's language, the gateway's reason only in the log", async () => {
    const { t } = shop;
    const s = await createShopper(t.database, t.clock.now());
    const logsBefore = t.logs.length;
    expect((await save('198.51.100.4', s, DECLINED)).body).toEqual({ code: 400, message: GENERIC.en });
    expect((await save('198.51.100.4', s, DECLINED, 'zh-CN')).body).toEqual({
      code: 400,
      message: GENERIC.zh,
    });
    const lines = t.logs.slice(logsBefore).map((l) => JSON.parse(l) as Record<string, unknown>);
    const refusal = lines.find((l) => JSON.stringify(l).includes('This transaction has been declined.'));
    expect(refusal).toMatchObject({ level: 30, last4: '0002' });
    expect(t.logs.slice(logsBefore).join('\n')).not.toContain(DECLINED);
  });

  it('counts card saves and card payments together', async () => {
    const { t } = shop;
    const o = await placeOrder(t, 1, 1);
    const client = '198.51.100.5';
    for (let i = 0; i < 6; i++) expect((await save(client, o.s, DECLINED)).status).toBe(400);
    for (let i = 0; i < CARD_TRIES_PER_SHOPPER - 6; i++) {
      expect(shown((await pay(client, o.s, cardForm(o.orderNo, { card: DECLINED }))).body).status).toBe(1);
    }
    const [checks, charged] = [cardChecks(), charges()];
    expect((await save(client, o.s, randomCardNumber())).status).toBe(429);
    expect((await pay(client, o.s, cardForm(o.orderNo))).status).toBe(429);
    expect([cardChecks(), charges()]).toEqual([checks, charged]);
  });

  it('holds per client across shoppers, and only for that client', {
    timeout: PARALLEL_TEST_MS,
  }, async () => {
    const { t } = shop;
    const client = '2001:db8:5:6:1::7';
    const shoppers = await Promise.all([1, 2, 3, 4].map(() => createShopper(t.database, t.clock.now())));
    const before = cardChecks();
    // Each shopper stays within their own limit; the client, across them, does not.
    const answers = await Promise.all(
      shoppers.flatMap((s) =>
        Array.from({ length: CARD_TRIES_PER_SHOPPER }, () => save(client, s, DECLINED)),
      ),
    );
    expect(cardChecks() - before).toBe(CARD_TRIES_PER_CLIENT);
    expect(statusesOf(answers)).toEqual({ 400: CARD_TRIES_PER_CLIENT, 429: 40 - CARD_TRIES_PER_CLIENT });
    const newcomer = await createShopper(t.database, t.clock.now());
    // Another address of the same /64 is the same client.
    expect((await save('2001:db8:5:6:ffff::1', newcomer, DECLINED)).status).toBe(429);
    expect((await save('198.51.100.6', newcomer, DECLINED)).status).toBe(400);
  });

  it('stops counting approved tries, and refused ones once the window has passed', async () => {
    const { t } = shop;
    const o = await placeOrder(t, 2, 1);
    const client = '198.51.100.7';
    for (let i = 0; i < CARD_TRIES_PER_SHOPPER - 1; i++)
      expect((await save(client, o.s, DECLINED)).status).toBe(400);
    for (let i = 0; i < 3; i++) expect((await save(client, o.s, randomCardNumber())).status).toBe(200);
    expect(shown((await pay(client, o.s, cardForm(o.orderNo))).body).status).toBe(2);
    expect((await save(client, o.s, DECLINED)).status).toBe(400);
    expect((await save(client, o.s, randomCardNumber())).status).toBe(429);
    t.clock.advance(CARD_TRIES_WINDOW_MS);
    expect((await save(client, o.s, randomCardNumber())).status).toBe(200);
  });
});
