import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidFromKey } from '#server/db/seed';
import * as demo from '../../../../seed/catalogue/index';
import { SmtpCatcher } from '../../../../tests/fakes/smtp-catcher';
import { ADDRESS, createShopper } from '../../../../tests/helpers/shoppers';
import { startTestApp, type TestApp } from '../../../../tests/helpers/test-app';

/**
 * The "placed" mail of an order with a delivery window says the window, on the shop's clock, in
 * the shopper's language, through a real SMTP conversation (the demo shop offers windows).
 */
const catcher = new SmtpCatcher();
let t: TestApp;
beforeAll(async () => {
  const url = await catcher.start();
  t = await startTestApp({ SMTP_URL: url, SHOP_TIME_ZONE: 'America/Los_Angeles' });
  // Wednesday 25 Nov 2026, 08:00 in Los Angeles.
  t.clock.set(new Date('2026-11-25T16:00:00Z'));
});
afterAll(async () => {
  await t?.close();
  await catcher.stop();
});

const product = demo.products.find((p) => demo.isPack(p) && p.stock > 0);

describe('order mails with a delivery window', () => {
  for (const [language, expected] of [
    ['en', 'Delivery: Thu 26 Nov, 10:00–12:00'],
    ['zh', '送达时间：11月26日 周四 10:00–12:00'],
  ] as const) {
    it(`${language}: the placed mail says the window`, async () => {
      const s = await createShopper(t.database, t.clock.now());
      const call = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
        t.app
          .inject({
            method,
            url,
            headers: { authorization: s.token, 'accept-language': language },
            ...(payload ? { payload: payload as Record<string, string> } : {}),
          })
          .then((r) => r.json());
      const address = (await call('POST', '/api/address', ADDRESS)).data.uuid;
      await call('POST', `/api/cart?amount=1&uuid=${uuidFromKey(product?.key ?? '')}`);
      const [line] = (await call('GET', '/api/cart')).data;
      const placed = await call('POST', '/api/order', {
        uuid: address,
        coupon: '',
        items: [{ id: line.id, num: 1 }],
        slot: '2026-11-26T18:00:00.000Z',
      });
      expect(placed.code).toBe(200);
      await t.app.mailOutbox.drain();
      const mail = await catcher.latestTo(s.email);
      expect(mail.text).toContain(expected);
      expect(mail.html).toContain(expected);
    });
  }
});
