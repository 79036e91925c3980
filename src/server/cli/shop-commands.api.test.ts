import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopCommandIn } from '../../../tests/helpers/shop-command';
import { adminOrderDetail } from '../admin/views/order-detail';
import {
  cardForm,
  type LiveShop,
  orderRow,
  payByCard,
  placeOrder,
  startLiveShop,
} from '../modules/payment/payment.fixture';

/** The command line on the same order state machine as the console. */
let shop: LiveShop;
beforeAll(async () => {
  shop = await startLiveShop();
});
afterAll(async () => shop?.close());

const shopCommand = (...argv: string[]) => shopCommandIn(shop.t, ...argv);

describe('npm run shop on the order state machine', () => {
  it('packs, ships, refunds part and then the rest, each on the order’s timeline', async () => {
    const o = await placeOrder(shop.t, 0, 2);
    expect((await payByCard(shop.t, o.s.token, cardForm(o.orderNo))).body.data.status).toBe(2);
    expect(await shopCommand('pack', o.orderNo)).toEqual({
      code: 0,
      stdout: `order ${o.orderNo}: processing, packed`,
      stderr: '',
    });
    expect((await shopCommand('pack', o.orderNo)).stderr).toBe('This order has already been packed.');
    expect((await shopCommand('ship', o.orderNo)).code).toBe(0);
    shop.anet.settleAll();
    const part = await shopCommand('refund', o.orderNo, '1.50');
    expect(part.stdout).toBe(
      `order ${o.orderNo}: refunded $1.50 to card **** 1111; $1.50 refunded so far; status unchanged`,
    );
    expect((await orderRow(shop.t, o.orderNo)).status).toBe(3);
    // The rest a minute later, so the timeline can tell which mail tells of which refund.
    shop.t.clock.advance(60_000);
    const rest = await shopCommand('refund', o.orderNo);
    expect(rest.stdout).toMatch(/refunded \$\d+\.\d\d to card \*\*\*\* 1111; status -> refunded$/);
    expect((await orderRow(shop.t, o.orderNo)).status).toBe(6);
    expect(await shopCommand('refund', o.orderNo, 'lots')).toMatchObject({ code: 2 });
    const timeline = (
      await adminOrderDetail(shop.t.database.db, o.orderNo, { packer: false, timeZone: 'UTC' })
    ).timeline as { kind: string; staff_id: number | null; details: { mail?: string } }[];
    // The command line's changes send the shopper's mails like the console's (packing sends none).
    expect(timeline.map((e) => (e.kind === 'mail' ? `mail:${e.details.mail}` : e.kind))).toEqual([
      'placed',
      'mail:placed',
      'payment',
      'paid',
      'mail:paid',
      'packed',
      'shipped',
      'mail:shipped',
      'refunded',
      'mail:refunded',
      'refunded',
      'mail:refunded',
    ]);
    expect(timeline.every((e) => e.staff_id === null)).toBe(true);
  });
});
