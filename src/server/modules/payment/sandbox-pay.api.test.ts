import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { coupons } from '#server/db/schema';
import { callAs } from '../../../../tests/helpers/shoppers';
import { startTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { cardForm, orderRow, paymentsOf, placeOrder, shown, soldCountOf } from './payment.fixture';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(); // PAYMENTS defaults to sandbox
});
afterAll(async () => t?.close());

async function sandboxLink(token: string, orderNo: string, vendor = 'wechatpay'): Promise<string> {
  const form = { vendor, reference: orderNo, terminal: 'ONLINE' };
  const started = await callAs(t.app, { token }, 'POST', '/api/yuansfer/pay', form);
  const url = new URL(started.body.data.url as string);
  expect(url.origin).toBe(t.config.publicUrl);
  expect(url.pathname).toMatch(/^\/sandbox\/pay\/[\w-]+\.[\w-]+$/);
  return url.pathname;
}

const press = (path: string, outcome: string) =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  });

describe('the sandbox wallet', () => {
  it('shows a bilingual pay page with the shop, order, amount and wallet, and no script', async () => {
    const o = await placeOrder(t, 0);
    const page = await t.app.inject({ method: 'GET', url: await sandboxLink(o.s.token, o.orderNo) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const html = page.body;
    const amount = `$${Math.floor(o.totalCents / 100)}.${String(o.totalCents % 100).padStart(2, '0')}`;
    for (const text of ['Fresh Market', o.orderNo, amount, 'WeChat Pay', '微信支付', 'Amount', '金额']) {
      expect(html).toContain(text);
    }
    // The Chinese part names the shop as the Chinese interface does.
    expect(html).toContain('<h1>Fresh Market <span lang="zh">鲜市场</span></h1>');
    expect(html).toContain('<title>Fresh Market · 鲜市场 — sandbox payment</title>');
    expect(html).toMatch(/<button type="submit" class="pay">Pay <span lang="zh">支付<\/span><\/button>/);
    expect(html).toMatch(/<button type="submit" class="fail">Fail/);
    expect(html.match(/<form method="post"/g)).toHaveLength(2);
    expect(html).not.toContain('<script');
  });

  it('Pay leads back to the pay page with the order paid once; Fail leaves it pending', async () => {
    const o = await placeOrder(t, 1, 3);
    const soldBefore = await soldCountOf(t, o.productKey);
    const failed = await press(await sandboxLink(o.s.token, o.orderNo), 'failed');
    expect([failed.statusCode, failed.headers.location]).toEqual([303, `/pay/${o.orderNo}?returned=1`]);
    expect((await orderRow(t, o.orderNo)).status).toBe(1);
    expect((await paymentsOf(t, o.orderNo))[0]?.status).toBe('failed');

    const link = await sandboxLink(o.s.token, o.orderNo, 'alipay');
    const paid = await press(link, 'paid');
    expect([paid.statusCode, paid.headers.location]).toEqual([303, `/pay/${o.orderNo}?returned=1`]);
    expect(await orderRow(t, o.orderNo)).toMatchObject({ status: 2 });
    expect(await soldCountOf(t, o.productKey)).toBe(soldBefore + 3);
    expect((await press(link, 'paid')).statusCode).toBe(410);
    expect(await soldCountOf(t, o.productKey)).toBe(soldBefore + 3);
    expect((await callAs(t.app, o.s, 'GET', `/api/order/${o.orderNo}/payment`)).body.data).toEqual({
      status: 2,
    });
  });

  it('uses a link once: Fail then Pay leaves the order unpaid, and the page says it was used', async () => {
    const o = await placeOrder(t, 6);
    const link = await sandboxLink(o.s.token, o.orderNo);
    expect((await press(link, 'failed')).statusCode).toBe(303);
    const again = await press(link, 'paid');
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain('already been used');
    expect(again.body).toContain('已使用');
    expect((await orderRow(t, o.orderNo)).status).toBe(1);
    expect((await paymentsOf(t, o.orderNo)).map((p) => p.status)).toEqual(['failed']);
    const page = await t.app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('already been used');
    expect(page.body).toContain(`/pay/${o.orderNo}`);
    expect(page.body).not.toContain('<form');

    // A new payment gets a new link, which works.
    const fresh = await sandboxLink(o.s.token, o.orderNo);
    expect(fresh).not.toBe(link);
    expect((await press(fresh, 'paid')).statusCode).toBe(303);
    expect((await orderRow(t, o.orderNo)).status).toBe(2);
    expect((await press(fresh, 'failed')).statusCode).toBe(410);
    expect((await paymentsOf(t, o.orderNo)).map((p) => p.status)).toEqual(['failed', 'succeeded']);
  });

  it('lets one of two presses at once through, whichever it is', async () => {
    const o = await placeOrder(t, 8);
    const link = await sandboxLink(o.s.token, o.orderNo);
    const [failed, paid] = await Promise.all([press(link, 'failed'), press(link, 'paid')]);
    expect([failed.statusCode, paid.statusCode].sort()).toEqual([303, 410]);
    const [payment] = await paymentsOf(t, o.orderNo);
    const payWon = paid.statusCode === 303;
    expect([(await orderRow(t, o.orderNo)).status, payment?.status]).toEqual(
      payWon ? [2, 'succeeded'] : [1, 'failed'],
    );
  });

  it('takes a link made by one server on another that shares the shop secret', async () => {
    const second = await buildApp({
      config: t.config,
      database: t.database,
      clock: t.clock,
      logger: pino({ level: 'silent' }),
    });
    try {
      const o = await placeOrder(t, 7);
      const link = await sandboxLink(o.s.token, o.orderNo);
      const page = await second.inject({ method: 'GET', url: link });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(o.orderNo);
      const paid = await second.inject({
        method: 'POST',
        url: link,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'outcome=paid',
      });
      expect(paid.statusCode).toBe(303);
      expect((await orderRow(t, o.orderNo)).status).toBe(2);
      // Used on the second server is used on the first too.
      expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(410);
    } finally {
      await second.close();
    }
  });

  it('refuses a forged link and a made-up outcome', async () => {
    const o = await placeOrder(t, 2);
    const link = await sandboxLink(o.s.token, o.orderNo);
    const forged = `${link.slice(0, -3)}AAA`;
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    expect((await press(forged, 'paid')).statusCode).toBe(404);
    expect((await press(link, 'maybe')).statusCode).toBe(400);
    expect((await orderRow(t, o.orderNo)).status).toBe(1);
  });

  it('approves and declines test cards as the sandbox rules say', async () => {
    const o = await placeOrder(t, 3);
    const pay = (form: Record<string, string>) => callAs(t.app, o.s, 'POST', '/api/authorize/pay', form);
    expect(shown((await pay(cardForm(o.orderNo, { card: '4000000000000002' }))).body)).toEqual({
      status: 1,
      text: 'This transaction has been declined.',
    });
    expect(shown((await pay(cardForm(o.orderNo, { card: '5424 0000 0000 0015' }))).body).status).toBe(2);
    expect((await paymentsOf(t, o.orderNo)).map((p) => [p.gateway, p.status])).toEqual([
      ['sandbox', 'failed'],
      ['sandbox', 'succeeded'],
    ]);
  });
});

describe('an order with nothing to pay', () => {
  it('is paid without a gateway, by card or wallet', async () => {
    const day = 86_400_000;
    const now = t.clock.now().getTime();
    await t.database.db.insert(coupons).values({
      code: 'ONTHEHOUSE',
      kind: 'percent',
      value: 100,
      startsAt: new Date(now - day),
      endsAt: new Date(now + day),
    });
    const byCard = await placeOrder(t, 4, 1, undefined, 'ONTHEHOUSE');
    expect(byCard.totalCents).toBe(0);
    const paid = await callAs(t.app, byCard.s, 'POST', '/api/authorize/pay', cardForm(byCard.orderNo));
    expect(shown(paid.body)).toEqual({ status: 2, text: undefined });
    expect((await paymentsOf(t, byCard.orderNo)).map((p) => [p.gateway, p.status, p.amountCents])).toEqual([
      ['none', 'succeeded', 0],
    ]);

    const byWallet = await placeOrder(t, 5, 1, undefined, 'ONTHEHOUSE');
    const form = { vendor: 'alipay', reference: byWallet.orderNo, terminal: 'ONLINE' };
    const started = await callAs(t.app, byWallet.s, 'POST', '/api/yuansfer/pay', form);
    expect(started.body.data).toEqual({ url: `${t.config.publicUrl}/pay/${byWallet.orderNo}?returned=1` });
    expect((await orderRow(t, byWallet.orderNo)).status).toBe(2);
  });
});
