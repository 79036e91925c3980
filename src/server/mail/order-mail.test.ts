import { describe, expect, it } from 'vitest';
import { retryDelay } from '#server/polling-worker';
import { orderMail } from './order-mail';
import { MAIL_SETTINGS, orderMailData } from './order-mail.fixture';
import { ORDER_MAIL_KINDS } from './outbox';

const settings = MAIL_SETTINGS;
const data = orderMailData;

describe('order mails', () => {
  it('placed: the lines, the total, a Pay Now link to /pay/<orderNo> and the ten minutes, in English', () => {
    const mail = orderMail(data(), settings);
    expect(mail.to).toBe('mei@example.com');
    expect(mail.subject).toBe('Fresh Market: order 2601151200001234 is waiting for payment');
    expect(mail.text).toContain('Pay now: https://shop.example/pay/2601151200001234');
    expect(mail.text).toContain('expires in 10 minutes');
    expect(mail.text).toContain('Jasmine rice <5 kg> × 2    $25.98');
    expect(mail.text).toContain('Total: $30.81');
    expect(mail.html).toContain('href="https://shop.example/pay/2601151200001234"');
    expect(mail.html).toContain('>Pay now</a>');
  });

  it('placed in Chinese: the Chinese names, the Chinese shop name, 立即付款', () => {
    const mail = orderMail(data({ language: 'zh' }), settings);
    expect(mail.subject).toBe('鲜市场：订单 2601151200001234 待付款');
    expect(mail.text).toContain('立即付款: https://shop.example/pay/2601151200001234');
    expect(mail.text).toContain('10 分钟内未付款');
    expect(mail.text).toContain('茉莉香米 <5公斤> × 2');
    expect(mail.text).not.toContain('Fresh Market');
    expect(mail.html).toContain('<html lang="zh-CN">');
  });

  it('shows the tax rate by rate when an order was taxed at more than the one 4.5 %', () => {
    const taxes = [
      { ratePpm: 45_000, taxCents: 45 },
      { ratePpm: 88_750, taxCents: 88 },
    ];
    const paid = orderMail(data({ kind: 'paid', taxCents: 133, taxes }), settings);
    expect(paid.text).toContain('Tax 4.5 %: $0.45');
    expect(paid.text).toContain('Tax 8.875 %: $0.88');
    const zh = orderMail(data({ kind: 'paid', language: 'zh', taxCents: 133, taxes }), settings);
    expect(zh.text).toContain('税费 8.875%');
    const one = orderMail(data({ kind: 'paid', taxes: [{ ratePpm: 45_000, taxCents: 133 }] }), settings);
    expect(one.text).not.toContain('Tax 4.5 %');
  });

  it('escapes every product name, address part and shipping detail in the HTML', () => {
    const evil = '<img src="https://evil.example/x.png" onerror="alert(1)">';
    const mail = orderMail(
      data({
        kind: 'paid',
        lines: [{ enName: evil, znName: evil, priceCents: 100, num: 1 }],
        address: { ...data().address, address: evil, name: '"Mei"' },
      }),
      settings,
    );
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=&quot;https://evil.example/x.png&quot;');
    expect(mail.html).toContain('&quot;Mei&quot;');
    const shipped = orderMail(
      data({ kind: 'shipped', extra: { carrier: '<b>UPS</b>', tracking: '1Z&2' } }),
      settings,
    );
    expect(shipped.html).toContain('&lt;b&gt;UPS&lt;/b&gt;');
    expect(shipped.html).toContain('1Z&amp;2');
    expect(shipped.text).toContain('Carrier: <b>UPS</b>');
  });

  it('paid: a receipt with lines, subtotal, discount, tax, total and the delivery address', () => {
    const mail = orderMail(data({ kind: 'paid', discountCents: 200, totalCents: 2881 }), settings);
    expect(mail.subject).toBe('Fresh Market receipt for order 2601151200001234');
    for (const part of [
      'Subtotal: $29.48',
      'Discount: -$2.00',
      'Tax: $1.33',
      'Total: $28.81',
      'Mei Lin',
      '1 Market St',
      'Phone: 555-0100',
    ])
      expect(mail.text).toContain(part);
    const zh = orderMail(data({ kind: 'paid', language: 'zh' }), settings);
    for (const part of ['小计: $29.48', '税费: $1.33', '合计: $30.81', '收货地址', 'Mei Lin'])
      expect(zh.text).toContain(part);
  });

  it('names the person by their script and leaves out an empty second line, in either language', () => {
    const address = { ...data().address, name: '小明', surname: '王', area: '-' };
    for (const language of ['en', 'zh'] as const) {
      const mail = orderMail(data({ kind: 'paid', language, address }), settings);
      expect(mail.text).toContain('王小明');
      expect(mail.text).toContain('Springfield, IL, 62701');
      expect(mail.text).not.toContain('-, Springfield');
    }
  });

  it('the receipt gives the delivery instructions under the address, escaped, in both languages', () => {
    const address = { ...data().address, instructions: 'Gate code <1234>, leave at the door' };
    const en = orderMail(data({ kind: 'paid', address }), settings);
    expect(en.text).toContain(
      '  Phone: 555-0100\n  Delivery instructions: Gate code <1234>, leave at the door',
    );
    expect(en.html).toContain('Delivery instructions: Gate code &lt;1234&gt;, leave at the door');
    const zh = orderMail(data({ kind: 'paid', language: 'zh', address }), settings);
    expect(zh.text).toContain('配送说明：Gate code <1234>, leave at the door');
    // None given (or only blanks): no empty line for them.
    for (const instructions of ['', '   ']) {
      const bare = orderMail(data({ kind: 'paid', address: { ...address, instructions } }), settings);
      expect(bare.text).not.toContain('Delivery instructions');
    }
  });

  it('shipped names the carrier and tracking number only when given', () => {
    const given = orderMail(
      data({ kind: 'shipped', extra: { carrier: 'UPS', tracking: '1Z999' } }),
      settings,
    );
    expect(given.text).toContain('Carrier: UPS');
    expect(given.text).toContain('Tracking number: 1Z999');
    const zh = orderMail(
      data({ kind: 'shipped', language: 'zh', extra: { carrier: '顺丰', tracking: 'SF1' } }),
      settings,
    );
    expect(zh.subject).toBe('鲜市场：订单 2601151200001234 已发货');
    expect(zh.text).toContain('承运商：顺丰');
    expect(zh.text).toContain('运单号：SF1');
    const bare = orderMail(data({ kind: 'shipped' }), settings);
    expect(bare.text).not.toContain('Carrier');
    expect(bare.text).not.toContain('Tracking');
  });

  it('cancelled and expired say the stock went back and nothing was charged', () => {
    for (const kind of ['cancelled', 'expired'] as const) {
      expect(orderMail(data({ kind }), settings).text).toContain(
        'Nothing was charged, and the items went back on the shelf.',
      );
      expect(orderMail(data({ kind, language: 'zh' }), settings).text).toContain(
        '我们没有向您收取任何费用，商品已放回货架。',
      );
    }
  });

  it('refunded names the amount and the card (**** 1234) or the wallet it went to', () => {
    const card = orderMail(
      data({ kind: 'refunded', extra: { amountCents: 1500, paymentKind: 'card', cardLast4: '1234' } }),
      settings,
    );
    expect(card.subject).toBe('Fresh Market: $15.00 refunded for order 2601151200001234');
    expect(card.text).toContain(
      '$15.00 for order 2601151200001234 has been refunded to your card **** 1234.',
    );
    const wallet = orderMail(
      data({
        kind: 'refunded',
        language: 'zh',
        extra: { amountCents: 1500, paymentKind: 'wallet', vendor: 'alipay' },
      }),
      settings,
    );
    expect(wallet.text).toContain('订单 2601151200001234 的 $15.00 已退回您的支付宝账户。');
  });

  it('placed with a coupon: items, the discount with its code, tax and total, in both languages', () => {
    // The shopper's order: $46.18 of items, WELCOME10 takes $4.62, 4.5 % tax $1.87 → $43.43.
    const order = data({
      lines: [{ enName: 'Oolong tea', znName: '乌龙茶', priceCents: 2309, num: 2 }],
      subtotalCents: 4618,
      discountCents: 462,
      taxCents: 187,
      totalCents: 4343,
      coupon: 'WELCOME10',
    });
    const en = orderMail(order, settings);
    for (const part of [
      'Placed: Jan 15, 2026, 8:00 PM',
      'Subtotal: $46.18',
      'Discount (WELCOME10): -$4.62',
      'Tax: $1.87',
      'Total: $43.43',
    ])
      expect(en.text).toContain(part);
    expect(en.html).toContain('Discount (WELCOME10)');
    const zh = orderMail({ ...order, language: 'zh' }, settings);
    for (const part of [
      '下单时间：2026年1月15日 20:00',
      '小计: $46.18',
      '优惠（WELCOME10）: -$4.62',
      '合计: $43.43',
    ])
      expect(zh.text).toContain(part);
  });

  it('every mail ends with the totals; once money came back, what was refunded and the net paid', () => {
    for (const kind of ORDER_MAIL_KINDS) {
      expect(orderMail(data({ kind }), settings).text).toContain('Total: $30.81');
    }
    const payment = { kind: 'card' as const, vendor: 'creditcard', cardBrand: 'Visa', cardLast4: '1111' };
    const refunded = data({
      kind: 'refunded',
      payment,
      refundedCents: 400,
      extra: { amountCents: 400, paymentKind: 'card', cardLast4: '1111' },
    });
    const en = orderMail(refunded, settings);
    for (const part of ['Paid with: Visa card ending in 1111', 'Refunded: -$4.00', 'Net paid: $26.81'])
      expect(en.text).toContain(part);
    const zh = orderMail({ ...refunded, language: 'zh' }, settings);
    for (const part of ['支付方式：Visa 卡（尾号 1111）', '已退款: -$4.00', '实付净额: $26.81'])
      expect(zh.text).toContain(part);
    const wallet = orderMail(
      data({ kind: 'paid', language: 'zh', payment: { ...payment, kind: 'wallet', vendor: 'wechatpay' } }),
      settings,
    );
    expect(wallet.text).toContain('支付方式：微信支付');
    expect(wallet.text).not.toContain('实付净额');
  });

  it('substitution: the substitute, both prices, a dearer one’s difference, the deadline and the order link', () => {
    const substitution = {
      enName: 'Ribeye steak',
      znName: '肋眼牛排',
      replacementEnName: 'Sirloin steak',
      replacementZnName: '西冷牛排',
      linePriceCents: 1299,
      priceCents: 1499,
      deadline: '2026-01-15T20:30:00.000Z',
    };
    const en = orderMail(data({ kind: 'substitution', extra: { substitution } }), settings);
    expect(en.subject).toBe('Fresh Market: a substitute for Ribeye steak in order 2601151200001234');
    expect(en.text).toContain('We propose Sirloin steak at $14.99 each instead.');
    expect(en.text).toContain('It costs $2.00 more each');
    expect(en.text).toContain('https://shop.example/order/2601151200001234');
    const zh = orderMail(
      data({
        kind: 'substitution',
        language: 'zh',
        extra: { substitution: { ...substitution, priceCents: 999 } },
      }),
      settings,
    );
    expect(zh.text).toContain('我们建议改用 西冷牛排，每件 $9.99。');
    expect(zh.text).toContain('您支付的金额不会超过所订商品的价格。');
    expect(zh.text).not.toContain('贵');
  });

  it('no mail shows a remote image, and each kind has its own subject in both languages', () => {
    const subjects = new Set<string>();
    for (const kind of ORDER_MAIL_KINDS) {
      for (const language of ['en', 'zh'] as const) {
        const mail = orderMail(data({ kind, language }), settings);
        expect(mail.html).not.toMatch(/<img|url\(/i);
        expect(mail.subject).not.toContain('mail:');
        expect(mail.text).not.toContain('mail:');
        subjects.add(mail.subject);
      }
    }
    expect(subjects.size).toBe(ORDER_MAIL_KINDS.length * 2);
  });

  it('waits 1, 2, 4 … minutes between tries, never more than an hour', () => {
    const options = { baseDelayMs: 60_000, maxDelayMs: 3_600_000 };
    expect([1, 2, 3, 4, 7, 8, 20].map((n) => retryDelay(n, options) / 60_000)).toEqual([
      1, 2, 4, 8, 60, 60, 60,
    ]);
  });
});
