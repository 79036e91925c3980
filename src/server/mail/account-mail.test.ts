import { describe, expect, it } from 'vitest';
import zhCommon from '../../../public/locales/zh/common.json' with { type: 'json' };
import { type AccountMailKind, accountMail } from './account-mail';

const kinds: AccountMailKind[] = ['signupCode', 'signupExisting', 'resetCode', 'resetUnknown'];

describe('account mail', () => {
  for (const kind of kinds) {
    it(`${kind}: the Chinese part names the shop as the Chinese interface does, the English part by SHOP_NAME`, () => {
      for (const language of ['en', 'zh'] as const) {
        const mail = accountMail({
          kind,
          to: 'a@example.com',
          language,
          shop: 'Fresh Market',
          code: '123456',
        });
        const [first = '', second = ''] = mail.text.split('————————————————');
        const [en, zh] = language === 'en' ? [first, second] : [second, first];
        expect(zh).toContain(zhCommon.title);
        expect(zh).not.toContain('Fresh Market');
        expect(en).toContain('Fresh Market');
        const [subjectEn, subjectZh] =
          language === 'en' ? mail.subject.split(' / ') : mail.subject.split(' / ').reverse();
        expect(subjectZh).not.toContain('Fresh Market');
        expect(subjectEn).toContain('Fresh Market');
        const zhHtml = mail.html.slice(mail.html.indexOf('<section lang="zh-CN"'));
        expect(zhHtml.slice(0, zhHtml.indexOf('</section>'))).toContain(zhCommon.title);
        expect(zhHtml.slice(0, zhHtml.indexOf('</section>'))).not.toContain('Fresh Market');
      }
    });
  }
});
