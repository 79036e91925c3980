import { describe, expect, it } from 'vitest';
import { orderMail } from './order-mail';
import { MAIL_SETTINGS, orderMailData } from './order-mail.fixture';

/** Goods sold by weight in the order mails (docs/product.md, Sold by weight). */
const beef = {
  enName: 'Ribeye',
  znName: '肋眼牛排',
  priceCents: 398,
  num: 1,
  weightUnit: 'lb',
  unitPriceCents: 398,
  pieceGrams: null,
  estimateGrams: 454,
  weighedGrams: null,
  weighedCents: null,
};
const avocados = {
  ...beef,
  enName: 'Avocado',
  znName: '牛油果',
  num: 2,
  pieceGrams: 272,
  estimateGrams: 544,
};

describe('order mails of weighed goods', () => {
  it('say the price per lb, the weight and the estimate until packed, in both languages', () => {
    const placed = orderMail(orderMailData({ lines: [beef, avocados], estimate: true }), MAIL_SETTINGS);
    expect(placed.text).toContain('Ribeye ($3.98/lb) 1 lb    $3.98 (estimate)');
    expect(placed.text).toContain('Avocado ($3.98/lb) 2 pieces, about 1.2 lb    $7.96 (estimate)');
    expect(placed.text).toContain('Estimated total (items sold by weight are weighed when packed): $30.81');
    const zh = orderMail(orderMailData({ lines: [beef], estimate: true, language: 'zh' }), MAIL_SETTINGS);
    expect(zh.text).toContain('肋眼牛排 ($3.98/磅) 1磅    $3.98 (预估)');
    expect(zh.text).toContain('预估合计');
  });

  it('say the weighed weight and amount once packed', () => {
    const weighed = { ...beef, weighedGrams: 417, weighedCents: 366 };
    const paid = orderMail(orderMailData({ kind: 'paid', lines: [weighed], estimate: false }), MAIL_SETTINGS);
    expect(paid.text).toContain('Ribeye ($3.98/lb) 0.92 lb    $3.66');
    expect(paid.text).not.toContain('estimate');
    expect(paid.html).toContain('Ribeye ($3.98/lb) 0.92 lb');
  });

  it('paid for an estimate: say only what is packed and weighed is charged, in both languages', () => {
    const en = orderMail(orderMailData({ kind: 'paid', lines: [beef], estimate: true }), MAIL_SETTINGS);
    expect(en.text).toContain('you are charged only what is packed and weighed');
    expect(en.text).not.toContain('We have received');
    expect(en.html).toContain('Thank you for your order!');
    expect(en.text).not.toContain('Payment received');
    const zh = orderMail(
      orderMailData({ kind: 'paid', lines: [beef], estimate: true, language: 'zh' }),
      MAIL_SETTINGS,
    );
    expect(zh.text).toContain('只按实际打包称重的商品收费');
    expect(zh.html).toContain('感谢您的订购！');
    expect(zh.text).not.toContain('已收到您的付款');
  });

  it('packed with nothing changed: the weighed lines and the final total', () => {
    const weighed = { ...beef, weighedGrams: 417, weighedCents: 366 };
    const data = orderMailData({ kind: 'packed', lines: [weighed], estimate: false, extra: { changes: [] } });
    const en = orderMail(data, MAIL_SETTINGS);
    expect(en.subject).toContain('is packed and weighed');
    expect(en.text).toContain('Ribeye ($3.98/lb) 0.92 lb    $3.66');
    expect(en.text).toContain(`Total: $${(data.totalCents / 100).toFixed(2)}`);
    expect(en.text).not.toContain('could not find');
    const zh = orderMail({ ...data, language: 'zh' }, MAIL_SETTINGS);
    expect(zh.subject).toContain('已打包称重');
  });

  it('packed with an approved dearer substitute: say what it costs more', () => {
    const change = {
      enName: 'Gai Lan',
      znName: '芥兰',
      num: 2,
      state: 'replaced' as const,
      shortQty: 0,
      replacementEnName: 'A Choy',
      replacementZnName: '油麦菜',
      refundCents: 0,
      dearerCents: 300,
    };
    const data = orderMailData({ kind: 'packed', lines: [beef], extra: { changes: [change] } });
    expect(orderMail(data, MAIL_SETTINGS).text).toContain(
      'Gai Lan: replaced by A Choy ($3.00 more, as you approved)',
    );
    expect(orderMail({ ...data, language: 'zh' }, MAIL_SETTINGS).text).toContain('按您的同意多付 $3.00');
  });
});
