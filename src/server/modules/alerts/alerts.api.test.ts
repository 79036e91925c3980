import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '#server/db/client';
import { alertLog, mailOutbox, orders, products, staff } from '#server/db/schema';
import { uuidFromKey } from '#server/db/seed';
import { emit } from '#server/events';
import { mailsOfOrder } from '#server/mail/outbox';
import { formatCents } from '#shared/money';
import { AlertChoices } from '#shared/schemas/admin/staff.zod';
import { SmtpCatcher } from '../../../../tests/fakes/smtp-catcher';
import { expectAnswer } from '../../../../tests/helpers/answers';
import { callAdmin, createStaff, type TestStaff } from '../../../../tests/helpers/staff';
import { startTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { cardForm, payByCard, placeOrder, stocked } from '../payment/payment.fixture';
import { raiseOrderPaid, sweepLowStock } from './alerts.raise';

/**
 * Alerts by mail through a real SMTP conversation (the catcher), on the test's clock: each arrives
 * once, to the staff who chose it, in their language; low stock comes as one digest per sweep and
 * once per product per shop day. The outbox and the sweep run when the test says.
 */

const catcher = new SmtpCatcher();
let t: TestApp;
const MAX_ATTEMPTS = 3;

beforeAll(async () => {
  const url = await catcher.start();
  t = await startTestApp(
    { SMTP_URL: url, PUBLIC_URL: 'https://shop.example' },
    { outbox: { pollMs: 3_600_000, maxAttempts: MAX_ATTEMPTS } },
  );
});
afterAll(async () => {
  await t?.close();
  await catcher.stop();
});
beforeEach(async () => {
  // Each test chooses its own recipients: nobody else's choices linger.
  await t.database.db.update(staff).set({ alerts: [] });
  catcher.refusing = false;
});

const drain = () => t.app.mailOutbox.drain();
const mailsTo = (who: TestStaff) => catcher.mails.filter((m) => m.to === who.email);

async function member(
  role: 'owner' | 'manager' | 'packer',
  language: 'en' | 'zh',
  alerts: string,
): Promise<TestStaff> {
  const s = await createStaff(t.database, t.clock.now(), { role, language });
  if (alerts !== '') {
    const res = await callAdmin(t.app, s.token, 'POST', '/api/admin/me/alerts', { alerts });
    expect(res.status).toBe(200);
  }
  return s;
}

async function paidOrder(i = 0) {
  const placed = await placeOrder(t, i, 1);
  const res = await payByCard(t, placed.s.token, cardForm(placed.orderNo));
  expect(res.status).toBe(200);
  return placed;
}

describe('choosing alerts', () => {
  it('a member sees and sets their own alerts; a packer may only have new paid orders', async () => {
    const manager = await member('manager', 'en', '');
    const none = expectAnswer(
      AlertChoices,
      await callAdmin(t.app, manager.token, 'GET', '/api/admin/me/alerts'),
    );
    expect(none).toEqual({ language: 'en', alerts: [], allowed: ['orderPaid', 'lowStock', 'failed'] });
    const set = await callAdmin(t.app, manager.token, 'POST', '/api/admin/me/alerts', {
      alerts: 'lowStock,orderPaid,lowStock',
      language: 'zh',
    });
    expect(expectAnswer(AlertChoices, set)).toMatchObject({
      language: 'zh',
      alerts: ['orderPaid', 'lowStock'],
    });
    const badLanguage = await callAdmin(t.app, manager.token, 'POST', '/api/admin/me/alerts', {
      alerts: '',
      language: 'fr',
    });
    expect(badLanguage.status).toBe(400);

    const packer = await member('packer', 'zh', '');
    const allowed = expectAnswer(
      AlertChoices,
      await callAdmin(t.app, packer.token, 'GET', '/api/admin/me/alerts'),
    );
    expect(allowed.allowed).toEqual(['orderPaid']);
    const refused = await callAdmin(
      t.app,
      packer.token,
      'POST',
      '/api/admin/me/alerts',
      { alerts: 'orderPaid,failed' },
      { lang: 'zh-CN' },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('您的角色不能接收这条提醒。');
    const unknown = await callAdmin(t.app, packer.token, 'POST', '/api/admin/me/alerts', {
      alerts: 'everything',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Choose alerts from the list.');
    const after = expectAnswer(
      AlertChoices,
      await callAdmin(t.app, packer.token, 'GET', '/api/admin/me/alerts'),
    );
    expect(after.alerts).toEqual([]);
  });
});

describe('a new paid order', () => {
  it('arrives once to each member who chose it, in their language; the amount only to those who see money', async () => {
    const owner = await member('owner', 'en', 'orderPaid');
    const manager = await member('manager', 'zh', 'orderPaid,lowStock');
    const packer = await member('packer', 'zh', 'orderPaid');
    const quiet = await member('manager', 'en', 'lowStock');
    const { orderNo, totalCents } = await paidOrder();
    await drain();
    await drain();

    const [en] = mailsTo(owner);
    expect(mailsTo(owner)).toHaveLength(1);
    expect(en?.subject).toBe(`New paid order ${orderNo}`);
    expect(en?.text).toContain(formatCents(totalCents));
    expect(en?.text).toContain(`https://shop.example/admin/orders/${orderNo}`);
    const [zh] = mailsTo(manager);
    expect(mailsTo(manager)).toHaveLength(1);
    expect(zh?.subject).toBe(`新的已付款订单 ${orderNo}`);
    expect(zh?.text).toContain(formatCents(totalCents));
    const [packing] = mailsTo(packer);
    expect(mailsTo(packer)).toHaveLength(1);
    expect(packing?.text).toContain('待拣货');
    expect(packing?.text).not.toContain('$');
    expect(mailsTo(quiet)).toHaveLength(0);

    // Raised again (a second process, a replayed event): nothing more is sent.
    const [order] = await t.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    expect(await t.database.db.transaction((tx) => raiseOrderPaid(tx, order?.id ?? 0, t.clock.now()))).toBe(
      false,
    );
    await drain();
    expect(mailsTo(owner)).toHaveLength(1);
  });
});

describe('low stock', () => {
  async function makeLow(ids: number[], threshold: number, who: TestStaff) {
    for (const id of ids) {
      const res = await callAdmin(t.app, who.token, 'POST', `/api/admin/products/${id}/threshold`, {
        threshold: String(threshold),
      });
      expect(res.status).toBe(200);
    }
  }

  it('two products going low come in one digest, once per product per shop day', async () => {
    const owner = await member('owner', 'en', 'lowStock');
    const manager = await member('manager', 'zh', 'lowStock');
    const packer = await member('packer', 'en', 'orderPaid');
    // What is low already is reported first, then the test's own two products.
    await t.app.lowStockSweep();
    await drain();
    const before = { owner: mailsTo(owner).length, manager: mailsTo(manager).length };

    const keys = [stocked[2], stocked[3]].map((p) => uuidFromKey(p?.key ?? ''));
    const rows = await t.database.db.select().from(products).where(inArray(products.uuid, keys));
    expect(rows).toHaveLength(2);
    await makeLow(
      rows.map((r) => r.id),
      100_000,
      owner,
    );
    expect(await t.app.lowStockSweep()).toBe(2);
    expect(await t.app.lowStockSweep()).toBe(0);
    await drain();

    const ownerMails = mailsTo(owner).slice(before.owner);
    expect(ownerMails).toHaveLength(1);
    expect(ownerMails[0]?.subject).toBe('Low stock: 2 products');
    for (const r of rows) expect(ownerMails[0]?.text).toContain(`${r.enName}: ${r.realStock} left`);
    const managerMails = mailsTo(manager).slice(before.manager);
    expect(managerMails).toHaveLength(1);
    expect(managerMails[0]?.subject).toBe('库存不足：2 件商品');
    for (const r of rows) expect(managerMails[0]?.text).toContain(`${r.znName}：剩余 ${r.realStock}`);
    expect(mailsTo(packer)).toHaveLength(0);

    // Later the same day: still low, not mailed again.
    t.clock.advance(60 * 60_000);
    expect(await t.app.lowStockSweep()).toBe(0);
    // The next shop day, still low: reported again, once.
    t.clock.advance(24 * 60 * 60_000);
    expect(await t.app.lowStockSweep()).toBeGreaterThanOrEqual(2);
    await drain();
    expect(mailsTo(owner).slice(before.owner)).toHaveLength(2);
  });

  it('two processes sweeping at once report each product once, in one mail per member', async () => {
    const owner = await member('owner', 'en', 'lowStock');
    t.clock.advance(24 * 60 * 60_000);
    const second: Database | undefined =
      t.config.database.kind === 'postgres' ? await openDatabase(t.config.database) : undefined;
    try {
      const deps = (database: Database) => ({
        db: database.db,
        clock: t.clock,
        timeZone: t.config.shopTimeZone,
      });
      const counts = await Promise.all([t.database, second ?? t.database].map((d) => sweepLowStock(deps(d))));
      expect(counts.filter((n) => n > 0)).toHaveLength(1);
      const queued = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.staffId, owner.id));
      expect(queued).toHaveLength(1);
    } finally {
      await second?.close();
    }
  });

  it('two processes raising one paid order alert at once send it once', async () => {
    const owner = await member('owner', 'en', 'orderPaid');
    const placed = await placeOrder(t, 1, 1);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.orderNo, placed.orderNo));
    const id = order?.id ?? 0;
    const second: Database | undefined =
      t.config.database.kind === 'postgres' ? await openDatabase(t.config.database) : undefined;
    try {
      const raised = await Promise.all(
        [t.database, second ?? t.database].map((d) =>
          d.db.transaction((tx) => raiseOrderPaid(tx, id, t.clock.now())),
        ),
      );
      expect(raised.filter(Boolean)).toHaveLength(1);
      await drain();
      expect(mailsTo(owner).filter((m) => m.subject.includes(placed.orderNo))).toHaveLength(1);
      const logged = await t.database.db.select().from(alertLog).where(eq(alertLog.subjectId, id));
      expect(logged.filter((l) => l.kind === 'orderPaid')).toHaveLength(1);
    } finally {
      await second?.close();
    }
  });
});

describe('failed for good', () => {
  it('a shopper mail given up after its last try alerts those who chose it, once', async () => {
    const manager = await member('manager', 'zh', 'failed');
    const owner = await member('owner', 'en', 'orderPaid');
    catcher.refusing = true;
    const { orderNo, s } = await placeOrder(t, 4, 1);
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await drain();
      t.clock.advance(3_600_000);
    }
    catcher.refusing = false;
    t.clock.advance(3_600_000);
    await drain();
    await drain();
    // The "placed" mail was given up (the order may meanwhile expire, on the app's own timer, and
    // send its "expired" mail: that one is not in question here).
    const [order] = await t.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    expect(await mailsOfOrder(t.database.db, order?.id ?? 0)).toContainEqual(
      expect.objectContaining({ kind: 'placed', state: 'failed', attempts: MAX_ATTEMPTS }),
    );
    expect(
      catcher.mails.filter((m) => m.to === s.email && m.subject.includes('waiting for payment')),
    ).toEqual([]);
    const alerts = mailsTo(manager);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.subject).toBe(`发给顾客的邮件最终发送失败：订单 ${orderNo}`);
    expect(alerts[0]?.text).toContain('下单确认');
    expect(mailsTo(owner)).toHaveLength(0);
  });

  it('a packing refund given up alerts once, with its amount', async () => {
    const owner = await member('owner', 'en', 'failed');
    const { orderNo } = await placeOrder(t, 5, 1);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    const event = {
      refundId: 900_001,
      orderId: order?.id ?? 0,
      amountCents: 166,
      attempts: 10,
      message: 'declined',
      at: t.clock.now(),
    };
    // As the packing refund worker tells it, twice (a replay): one alert.
    for (let i = 0; i < 2; i++)
      await t.database.db.transaction((tx) => emit('packing.refundGivenUp', event, tx));
    await drain();
    expect(mailsTo(owner)).toHaveLength(1);
    expect(mailsTo(owner)[0]?.subject).toBe(`Refund failed for good: order ${orderNo}`);
    expect(mailsTo(owner)[0]?.text).toContain('$1.66');
  });
});
