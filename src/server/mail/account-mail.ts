import { LANGUAGES, type Language } from '#shared/constants';
import { escapeHtml } from '../html';
import { translate } from '../i18n';
import type { MailMessage } from './mailer';
import { shopNameIn } from './shop-name';

export type AccountMailKind = 'signupCode' | 'signupExisting' | 'resetCode' | 'resetUnknown';

/**
 * A bilingual account mail: the shopper's language first, then the other, each with the code when
 * there is one, naming the shop as that language's interface does (shopNameIn). Plain text and HTML
 * carry the same words. It never contains a password.
 */
export function accountMail(input: {
  kind: AccountMailKind;
  to: string;
  language: Language;
  shop: string;
  code?: string;
}): MailMessage {
  const order = [input.language, ...LANGUAGES.filter((l) => l !== input.language)];
  const params = (lang: Language) => ({ shop: shopNameIn(lang, input.shop), code: input.code ?? '' });
  const t = (lang: Language, key: string) => translate(lang, `mail:${input.kind}.${key}`, params(lang));
  const sections = order.map((lang) => ({
    lang,
    greeting: t(lang, 'greeting'),
    body: t(lang, 'body'),
    expiry: t(lang, 'expiry'),
    footer: translate(lang, 'mail:footer', params(lang)),
  }));
  const subject = sections.map((s) => t(s.lang, 'subject')).join(' / ');

  const text = sections
    .map((s) =>
      [
        s.greeting,
        '',
        s.body,
        ...(input.code ? ['', `    ${input.code}`] : []),
        '',
        s.expiry,
        '',
        s.footer,
      ].join('\n'),
    )
    .join('\n\n————————————————\n\n');

  const codeHtml = input.code
    ? `<p style="font-size:28px;font-weight:700;letter-spacing:6px;margin:16px 0;color:#1f8a4c">${escapeHtml(input.code)}</p>`
    : '';
  const html = [
    "<!doctype html><html><body style=\"font-family:system-ui,-apple-system,'PingFang SC','Microsoft YaHei',sans-serif;color:#1f2933;max-width:560px;margin:auto;padding:16px\">",
    ...sections.map(
      (s, i) =>
        `<section lang="${s.lang === 'zh' ? 'zh-CN' : 'en'}"${i > 0 ? ' style="border-top:1px solid #e4e7eb;margin-top:24px;padding-top:16px"' : ''}>` +
        `<h1 style="font-size:20px">${escapeHtml(s.greeting)}</h1><p>${escapeHtml(s.body)}</p>${codeHtml}` +
        `<p style="color:#52606d">${escapeHtml(s.expiry)}</p><p style="color:#7b8794;font-size:12px">${escapeHtml(s.footer)}</p></section>`,
    ),
    '</body></html>',
  ].join('');
  return { to: input.to, subject, text, html };
}
