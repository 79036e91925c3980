import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { refundDestination } from './refund-to';

const LOCALES = join(import.meta.dirname, '../../../../../public/locales');

async function tOf(language: 'en' | 'zh') {
  const i18n = i18next.createInstance();
  const admin = JSON.parse(readFileSync(join(LOCALES, language, 'admin.json'), 'utf8'));
  await i18n.init({
    lng: language,
    resources: { [language]: { translation: admin } },
    interpolation: { escapeValue: false },
  });
  return i18n.t.bind(i18n);
}

describe('where a refund went, on the timeline', () => {
  it.each([
    ['en', 'To: Card ending 4242', 'To: Alipay'],
    ['zh', '退回：银行卡（尾号 4242）', '退回：支付宝'],
  ] as const)('names the card or wallet in %s, never a bare "To:"', async (language, card, wallet) => {
    const t = await tOf(language);
    expect(refundDestination({ kind: 'card', vendor: 'creditcard', cardLast4: '4242' }, t)).toBe(card);
    expect(refundDestination({ kind: 'wallet', vendor: 'alipay', cardLast4: null }, t)).toBe(wallet);
    expect(refundDestination({}, t)).toBe('');
    expect(refundDestination(undefined, t)).toBe('');
  });
});
