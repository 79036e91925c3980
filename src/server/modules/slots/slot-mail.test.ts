import { describe, expect, it } from 'vitest';
import { type OrderMailData, orderMail } from '#server/mail/order-mail';

/** The order mails that describe the delivery say its window, on the shop's clock, in the shopper's language. */

const settings = {
  shopName: 'Fresh Market',
  shopNameZh: '鲜市场',
  publicUrl: 'https://shop.example',
  timeZone: 'America/Los_Angeles',
};
const slot = { startsAt: new Date('2026-11-26T18:00:00Z'), endsAt: new Date('2026-11-26T20:00:00Z') };

const data = (overrides: Partial<OrderMailData>): OrderMailData => ({
  kind: 'placed',
  to: 'mei@example.com',
  language: 'en',
  orderNo: '2611251200001234',
  lines: [{ enName: 'Tofu', znName: '豆腐', priceCents: 350, num: 1 }],
  subtotalCents: 350,
  discountCents: 0,
  taxCents: 16,
  totalCents: 366,
  address: {
    name: 'Mei',
    surname: 'Lin',
    phone: '555-0100',
    address: '1 Market St',
    area: 'Downtown',
    city: 'Springfield',
    province: 'IL',
    zip: '62701',
  },
  extra: {},
  slot,
  ...overrides,
});

describe('order mails with a delivery window', () => {
  it('placed, paid and shipped say the window in English and Chinese', () => {
    for (const kind of ['placed', 'paid', 'shipped'] as const) {
      const en = orderMail(data({ kind }), settings);
      expect(en.text).toContain('Delivery: Thu 26 Nov, 10:00–12:00');
      expect(en.html).toContain('Delivery: Thu 26 Nov, 10:00–12:00');
      const zh = orderMail(data({ kind, language: 'zh' }), settings);
      expect(zh.text).toContain('送达时间：11月26日 周四 10:00–12:00');
    }
  });

  it('cancelled and expired mails, and orders without a window, say none', () => {
    expect(orderMail(data({ kind: 'cancelled' }), settings).text).not.toContain('Delivery:');
    expect(orderMail(data({ slot: null }), settings).text).not.toContain('Delivery:');
  });
});
