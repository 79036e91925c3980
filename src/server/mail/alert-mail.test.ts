import { describe, expect, it } from 'vitest';
import { alertMail } from './alert-mail';

const settings = { shopName: 'Fresh Market', shopNameZh: '鲜市场', publicUrl: 'https://shop.example' };

describe('alert mails', () => {
  it('list a digest’s products in the reader’s language, names escaped in the HTML', () => {
    const products = [
      { id: 1, enName: 'Rice <b>', znName: '大米', stock: 2, threshold: 5 },
      { id: 2, enName: 'Tofu', znName: '', stock: 0, threshold: 0 },
    ];
    const en = alertMail('a@example.com', 'en', { kind: 'lowStock', products }, settings);
    expect(en.subject).toBe('Low stock: 2 products');
    expect(en.text).toContain('Rice <b>: 2 left (low-stock level 5)');
    expect(en.html).toContain('Rice &lt;b&gt;');
    expect(en.html).not.toContain('<b>');
    expect(en.text).toContain('https://shop.example/admin/stock');
    const zh = alertMail('a@example.com', 'zh', { kind: 'lowStock', products }, settings);
    expect(zh.text).toContain('大米：剩余 2（预警值 5）');
    // A product without a Chinese name keeps its English one.
    expect(zh.text).toContain('Tofu：剩余 0');
    expect(zh.text).toContain('鲜市场');
  });

  it('say a paid order’s amount only when the mail carries one', () => {
    const base = { kind: 'orderPaid', orderNo: '20261206001', lineCount: 3 } as const;
    expect(alertMail('a@example.com', 'en', { ...base, totalCents: 1916 }, settings).text).toContain(
      '$19.16',
    );
    const packer = alertMail('a@example.com', 'en', { ...base, totalCents: null }, settings);
    expect(packer.text).toContain('3 lines to pack');
    expect(packer.text).not.toContain('$');
  });
});
