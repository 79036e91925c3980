import type { OrderMailData } from './order-mail';

/** The shop the order mail tests write as. */
export const MAIL_SETTINGS = {
  shopName: 'Fresh Market',
  shopNameZh: '鲜市场',
  publicUrl: 'https://shop.example',
};

/** A placed order of two lines to Mei Lin, in English; `overrides` change any part. */
export function orderMailData(overrides: Partial<OrderMailData> = {}): OrderMailData {
  return {
    kind: 'placed',
    to: 'mei@example.com',
    language: 'en',
    orderNo: '2601151200001234',
    lines: [
      { enName: 'Jasmine rice <5 kg>', znName: '茉莉香米 <5公斤>', priceCents: 1299, num: 2 },
      { enName: 'Tofu & greens', znName: '豆腐青菜', priceCents: 350, num: 1 },
    ],
    subtotalCents: 2948,
    discountCents: 0,
    taxCents: 133,
    totalCents: 3081,
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
    placedAt: new Date('2026-01-15T20:00:00Z'),
    ...overrides,
  };
}
