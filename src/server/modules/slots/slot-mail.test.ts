import { describe, expect, it } from 'vitest';
import { type OrderMailData, orderMail } from '#server/mail/order-mail';
import { MAIL_SETTINGS, orderMailData } from '#server/mail/order-mail.fixture';

/** The order mails that describe the delivery say its window, on the shop's clock, in the shopper's language. */

const settings = { ...MAIL_SETTINGS, timeZone: 'America/Los_Angeles' };
const slot = { startsAt: new Date('2026-11-26T18:00:00Z'), endsAt: new Date('2026-11-26T20:00:00Z') };
const data = (overrides: Partial<OrderMailData>): OrderMailData => orderMailData({ slot, ...overrides });

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
