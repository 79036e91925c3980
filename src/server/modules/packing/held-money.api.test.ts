import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, orderEvents, orderLines, products, refunds } from '#server/db/schema';
import { uuidFromKey } from '#server/db/seed';
import { type OrderMailData, orderMail } from '#server/mail/order-mail';
import { MAIL_SETTINGS, orderMailData } from '#server/mail/order-mail.fixture';
import type { OrderMailExtra } from '#server/mail/outbox';
import { withBuffer } from '#shared/schemas/payment.rules';
import { linePaidOf, taxOrder } from '#shared/tax';
import { milliUnitsToGrams, priceOfGrams } from '#shared/weight';
import { callAs } from '../../../../tests/helpers/shoppers';
import type { AdminShop } from '../order/order.fixture';
import { type LiveShop, orderRow, paymentsOf, stocked } from '../payment/payment.fixture';
import { startWeighingShop, UNIT_PRICE, weighedAndPackPaid } from './weighing.fixture';

/**
 * What a weighed order's held card is charged (docs/product.md, Packing: weighed
 * orders): a line refunded before the capture is taken off it, the packed mail ends with what was
 * charged, a refund after the capture returns a weighed line's weighed cents and its tax, and a
 * weighing above the hold tells the packer how much the line may weigh.
 */
let shop: LiveShop;
let staff: AdminShop['staff'];
let call: AdminShop['call'];
let keys = 0;
const key = () => `held-money-${++keys}`;

beforeAll(async () => {
  ({ shop, staff, call } = await startWeighingShop());
});
afterAll(async () => shop?.close());

/** A shopper orders 1 lb of the weighed product and one pack, and pays by card: it is held. */
async function paidHeld() {
  const { s, orderNo, placed, weighed, pack } = await weighedAndPackPaid({ shop, staff, call });
  const [payment] = await paymentsOf(shop.t, orderNo);
  expect(payment?.holdState).toBe('authorized');
  return {
    s,
    orderNo,
    placed,
    weighed,
    pack,
    held: payment?.heldCents ?? 0,
    transId: payment?.transactionId ?? '',
  };
}

const mark = (orderNo: string, lineId: number, body: Record<string, unknown>, language = 'en') =>
  call(
    staff.packer.token,
    'POST',
    `/api/admin/packing/${orderNo}/lines/${lineId}`,
    { state: 'picked', key: key(), ...body },
    language,
  );

const pack = (orderNo: string, language = 'en') =>
  call(staff.packer.token, 'POST', `/api/admin/orders/${orderNo}/pack`, undefined, language);

const refund = (orderNo: string, body: Record<string, unknown>) =>
  call(staff.manager.token, 'POST', `/api/admin/orders/${orderNo}/refund`, { reason: 'asked', ...body });

const gatewayCalls = (type: string, transId: string) =>
  shop.anet
    .requestsOf('createTransactionRequest')
    .map((r) => r.body.transactionRequest as { transactionType: string; refTransId?: string })
    .filter((r) => r.transactionType === type && r.refTransId === transId);

async function refundRows(orderNo: string) {
  const order = await orderRow(shop.t, orderNo);
  return shop.t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id)).orderBy(refunds.id);
}

/** A mail's text in `language` for `order` as it stands, with its queued payload. */
/** An order mail's text in `language` for the order as it stands, with `extra` and `lines`. */
function mailText(
  kind: 'packed' | 'refunded',
  order: Awaited<ReturnType<typeof orderRow>>,
  extra: OrderMailExtra,
  language: 'en' | 'zh',
  lines: OrderMailData['lines'] = [],
) {
  const { orderNo, subtotalCents, discountCents, taxCents, totalCents } = order;
  const data = { kind, language, orderNo, lines, subtotalCents, discountCents, taxCents, totalCents, extra };
  return orderMail(orderMailData(data), MAIL_SETTINGS).text;
}

/** The packed mail's text in `language`, from its queued payload and the order as it stands. */
async function packedMailText(orderNo: string, language: 'en' | 'zh') {
  const order = await orderRow(shop.t, orderNo);
  const mails = await shop.t.database.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, order.id));
  const extra = mails.find((m) => m.kind === 'packed')?.payload as OrderMailExtra;
  const lines = [
    {
      enName: 'Apples',
      znName: '苹果',
      priceCents: 398,
      num: 1,
      weightUnit: 'lb' as const,
      unitPriceCents: 398,
    },
  ];
  return { extra, text: mailText('packed', order, extra, language, lines) };
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

describe('a line refunded on a held card before packing', () => {
  it('is taken off the capture, told and audited, with no gateway call until the capture', async () => {
    const o = await paidHeld();
    const packPaid = linePaidOf({ goodsCents: o.pack.priceCents * o.pack.num, ...o.pack });
    const answer = await refund(o.orderNo, { lines: [{ id: o.pack.id, qty: o.pack.num }] });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ refunded: packPaid / 100, whole: false });
    // The console's order page counts it as given back, so the line cannot be refunded again there.
    const detail = answer.body.data.order as {
      refunded: number;
      lines: { id: number; refunded_num: number }[];
    };
    expect(detail.refunded).toBe(packPaid / 100);
    expect(detail.lines.find((l) => l.id === o.pack.id)?.refunded_num).toBe(o.pack.num);
    expect(gatewayCalls('refundTransaction', o.transId)).toEqual([]);
    expect(gatewayCalls('voidTransaction', o.transId)).toEqual([]);
    expect((await refundRows(o.orderNo)).map((r) => [r.status, r.amountCents])).toEqual([['held', packPaid]]);
    const order = await orderRow(shop.t, o.orderNo);
    const told = await shop.t.database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.kind, 'refunded')));
    expect(told.map((e) => (e.details as { amountCents: number }).amountCents)).toEqual([packPaid]);
    // Its timeline says taken off, not refunded: the card was never charged for it.
    const timeline = (await callAs(shop.t.app, o.s, 'GET', `/api/order/${o.orderNo}/events`)).body.data;
    expect(timeline.events.find((e: { kind: string }) => e.kind === 'refunded')?.details).toMatchObject({
      amount: packPaid / 100,
      held: true,
    });
    const audits = await shop.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.refund'), eq(auditLog.targetId, o.orderNo)));
    expect(audits).toHaveLength(1);
    // The shopper's mail says it will not be charged, not that a bank refund is on its way.
    const refundMail = (
      await shop.t.database.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, order.id))
    )
      .filter((m) => m.kind === 'refunded')
      .map((m) => m.payload as OrderMailExtra);
    expect(refundMail).toMatchObject([{ notCharged: true, amountCents: packPaid }]);
    const told2 = mailText('refunded', order, refundMail[0] ?? {}, 'en');
    expect(told2).toContain(
      `${dollars(packPaid)} of order ${o.orderNo} will not be charged to your card **** 1111`,
    );
    expect(told2).not.toContain('refunded');
    expect(mailText('refunded', order, refundMail[0] ?? {}, 'zh')).toContain(
      `中的 ${dollars(packPaid)} 将不从您的银行卡 **** 1111扣款`,
    );
    // The same line again is refused: it was all given back.
    const again = await refund(o.orderNo, { lines: [{ id: o.pack.id, qty: 1 }] });
    expect(again.status).toBe(409);

    expect((await mark(o.orderNo, o.weighed.id, { grams: 417 })).status).toBe(200);
    expect((await mark(o.orderNo, o.pack.id, {})).status).toBe(200);
    expect((await pack(o.orderNo)).status).toBe(200);
    const weighed = await orderRow(shop.t, o.orderNo);
    const captured = weighed.totalCents - packPaid;
    expect(shop.anet.transactions.get(o.transId)?.amount).toBe((captured / 100).toFixed(2));
    expect(gatewayCalls('refundTransaction', o.transId)).toEqual([]);
    const rows = await refundRows(o.orderNo);
    expect(rows.map((r) => [r.status, r.amountCents])).toEqual([['succeeded', packPaid]]);

    // The receipt ends with what the card was charged, not the order's total.
    const { extra, text } = await packedMailText(o.orderNo, 'en');
    expect(extra.chargedCents).toBe(captured);
    expect(text).toContain(`Total: ${dollars(weighed.totalCents)}`);
    expect(text).toContain(`Taken off, not charged: -${dollars(packPaid)}`);
    expect(text).toContain(`Charged: ${dollars(captured)}`);
    expect((await packedMailText(o.orderNo, 'zh')).text).toContain(`实际扣款: ${dollars(captured)}`);

    // After the capture, a whole refund gives back what was captured, never more.
    shop.anet.settleAll();
    const whole = await refund(o.orderNo, {});
    expect(whole.status).toBe(200);
    expect(Math.round(whole.body.data.refunded * 100)).toBe(captured);
    expect(shop.anet.transactions.get(o.transId)?.refundedCents).toBe(captured);
  });

  it('then all of it: the hold is voided, nothing charged, the order refunded', async () => {
    const o = await paidHeld();
    expect((await refund(o.orderNo, { lines: [{ id: o.pack.id, qty: o.pack.num }] })).status).toBe(200);
    const whole = await refund(o.orderNo, {});
    expect(whole.status).toBe(200);
    expect(whole.body.data.whole).toBe(true);
    expect(shop.anet.transactions.get(o.transId)?.status).toBe('voided');
    expect(gatewayCalls('refundTransaction', o.transId)).toEqual([]);
    const [payment] = await paymentsOf(shop.t, o.orderNo);
    expect(payment).toMatchObject({ status: 'refunded', holdState: 'voided' });
    expect((await refundRows(o.orderNo)).every((r) => r.status === 'succeeded')).toBe(true);
    expect((await orderRow(shop.t, o.orderNo)).status).toBe(6);
    expect((await pack(o.orderNo)).status).toBe(409);
  });

  it('the same line refunded twice at once: taken off once', async () => {
    const o = await paidHeld();
    const [a, b] = await Promise.all([
      refund(o.orderNo, { lines: [{ id: o.pack.id, qty: o.pack.num }] }),
      refund(o.orderNo, { lines: [{ id: o.pack.id, qty: o.pack.num }] }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await refundRows(o.orderNo)).toHaveLength(1);
  });
});

describe('a weighed line refunded after the capture', () => {
  it('gives back its weighed cents and tax share, not its estimate', async () => {
    const o = await paidHeld();
    expect((await mark(o.orderNo, o.weighed.id, { grams: 417 })).status).toBe(200);
    expect((await mark(o.orderNo, o.pack.id, {})).status).toBe(200);
    expect((await pack(o.orderNo)).status).toBe(200);
    shop.anet.settleAll();
    const [line] = await shop.t.database.db.select().from(orderLines).where(eq(orderLines.id, o.weighed.id));
    if (!line) throw new Error('no line');
    expect(line.weighedCents).toBe(priceOfGrams(UNIT_PRICE, 'lb', 417));
    const answer = await refund(o.orderNo, { lines: [{ id: line.id, qty: line.num }] });
    expect(answer.status).toBe(200);
    const expected = linePaidOf({ ...line, goodsCents: line.weighedCents ?? 0 });
    expect(expected).not.toBe(linePaidOf({ ...line, goodsCents: line.priceCents * line.num }));
    expect(Math.round(answer.body.data.refunded * 100)).toBe(expected);
    expect(shop.anet.transactions.get(o.transId)?.refundedCents).toBe(expected);
  });
});

describe('a weighing above the hold', () => {
  it('refuses packing and tells the packer the most the line can weigh, in their language', async () => {
    const o = await paidHeld();
    const grams = 1300;
    expect((await mark(o.orderNo, o.weighed.id, { grams })).status).toBe(200);
    expect((await mark(o.orderNo, o.pack.id, {})).status).toBe(200);
    const refused = await pack(o.orderNo);
    expect(refused.status).toBe(409);
    const match = /At most ([\d.]+) lb of (.+) fits/.exec(refused.body.message);
    expect(match?.[2]).toBe(o.weighed.enName);
    const most = Number(match?.[1]);
    const totalAt = (g: number) => {
      const goods = priceOfGrams(UNIT_PRICE, 'lb', g);
      const taxes = taxOrder(
        [
          { goodsCents: goods, ratePpm: o.weighed.taxRatePpm },
          { goodsCents: o.pack.priceCents * o.pack.num, ratePpm: o.pack.taxRatePpm },
        ],
        o.placed.discountCents,
        { cents: o.placed.deliveryFeeCents, ratePpm: null },
      );
      return (
        goods +
        o.pack.priceCents * o.pack.num -
        o.placed.discountCents +
        taxes.taxCents +
        o.placed.deliveryFeeCents
      );
    };
    expect(o.held).toBe(withBuffer(o.placed.totalCents, 10));
    // That weight fits the hold, a hundredth of a pound more does not.
    expect(totalAt(milliUnitsToGrams(Math.round(most * 1000), 'lb'))).toBeLessThanOrEqual(o.held);
    expect(totalAt(milliUnitsToGrams(Math.round(most * 1000) + 10, 'lb'))).toBeGreaterThan(o.held);
    const zh = await pack(o.orderNo, 'zh');
    expect(zh.body.message).toContain(`${o.weighed.znName}最多只能称 ${match?.[1]}磅`);
    expect((await orderRow(shop.t, o.orderNo)).packedAt).toBeNull();
    expect(gatewayCalls('priorAuthCaptureTransaction', o.transId)).toEqual([]);
  });
});

describe('a weighed line marked short on a held card', () => {
  it('is left uncharged at its estimate: nothing was weighed', async () => {
    const o = await paidHeld();
    const marked = await mark(o.orderNo, o.weighed.id, { state: 'short', short: String(o.weighed.num) });
    expect(marked.status).toBe(200);
    const [line] = await shop.t.database.db.select().from(orderLines).where(eq(orderLines.id, o.weighed.id));
    if (!line) throw new Error('no line');
    const estimate = linePaidOf({ ...line, goodsCents: line.estimateCents ?? 0 });
    expect(Math.round(marked.body.data.mark.refund * 100)).toBe(estimate);
    expect((await mark(o.orderNo, o.pack.id, {})).status).toBe(200);
    expect((await pack(o.orderNo)).status).toBe(200);
    const order = await orderRow(shop.t, o.orderNo);
    expect(shop.anet.transactions.get(o.transId)?.amount).toBe(
      ((order.totalCents - estimate) / 100).toFixed(2),
    );
  });
});

describe('a line replaced by an approved dearer substitute, refunded after the capture', () => {
  it('gives back what the shopper paid for it, the approved extra and its tax included', async () => {
    const substitute = stocked[7];
    if (!substitute) throw new Error('the demo catalogue is too small');
    const o = await paidHeld();
    const [packed] = await shop.t.database.db
      .select()
      .from(products)
      .where(eq(products.id, o.pack.productId));
    const dearerCents = o.pack.priceCents + 10;
    await shop.t.database.db
      .update(products)
      .set({ priceCents: dearerCents, categoryId: packed?.categoryId, onSale: true, realStock: 50 })
      .where(eq(products.key, substitute.key));
    // The shopper asked to be asked first, best match allowed.
    await shop.t.database.db
      .update(orderLines)
      .set({ whenMissing: 'replace', substituteAsk: true, substituteProductId: null })
      .where(eq(orderLines.id, o.pack.id));
    const proposed = await mark(o.orderNo, o.pack.id, {
      state: 'replaced',
      product: uuidFromKey(substitute.key),
    });
    expect(proposed.body.data.mark).toMatchObject({ state: 'proposed' });
    const approved = await callAs(
      shop.t.app,
      o.s,
      'POST',
      `/api/order/${o.orderNo}/lines/${o.pack.id}/answer`,
      {
        answer: 'approve',
      },
    );
    expect(approved.body.data).toMatchObject({ status: 'approved', charged: dearerCents / 100 });
    expect((await mark(o.orderNo, o.weighed.id, { grams: 417 })).status).toBe(200);
    expect((await pack(o.orderNo)).status).toBe(200);
    shop.anet.settleAll();
    const [line] = await shop.t.database.db.select().from(orderLines).where(eq(orderLines.id, o.pack.id));
    if (!line) throw new Error('no line');
    const paid = linePaidOf({ ...line, goodsCents: dearerCents * line.num });
    const answer = await refund(o.orderNo, { lines: [{ id: line.id, qty: line.num }] });
    expect(answer.status).toBe(200);
    expect(Math.round(answer.body.data.refunded * 100)).toBe(paid);
    expect(paid).toBeGreaterThan(linePaidOf({ ...line, goodsCents: line.priceCents * line.num }));
    expect(shop.anet.transactions.get(o.transId)?.refundedCents).toBe(paid);
  });
});
