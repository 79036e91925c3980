import { LANGUAGES, type Language } from '#shared/constants';
import { escapeHtml } from '../../html';
import { translate } from '../../i18n';
import type { MailMessage } from '../../mail/mailer';
import { shopNameIn } from '../../mail/shop-name';

/**
 * The invitation a new staff member gets: their one-time set-password link, in their language
 * first and then the other. It never contains a password.
 */
export function staffInviteMail(input: {
  to: string;
  language: Language;
  shop: string;
  link: string;
}): MailMessage {
  const order = [input.language, ...LANGUAGES.filter((l) => l !== input.language)];
  const t = (lang: Language, key: string) =>
    translate(lang, `mail:staffInvite.${key}`, { shop: shopNameIn(lang, input.shop) });
  const subject = order.map((lang) => t(lang, 'subject')).join(' / ');
  const sections = order.map((lang) => [t(lang, 'greeting'), t(lang, 'body'), input.link, t(lang, 'expiry')]);
  const text = sections.map((lines) => lines.join('\n\n')).join('\n\n———\n\n');
  const html = sections
    .map(
      ([greeting, body, link, expiry]) =>
        `<p>${escapeHtml(greeting ?? '')}</p><p>${escapeHtml(body ?? '')}</p><p><a href="${escapeHtml(link ?? '')}">${escapeHtml(link ?? '')}</a></p><p>${escapeHtml(expiry ?? '')}</p>`,
    )
    .join('<hr>');
  return { to: input.to, subject, text, html };
}
