import type { Language } from '#shared/constants';
import { formatCents } from '#shared/money';
import { escapeHtml } from '../html';
import { translate } from '../i18n';
import type { MailMessage } from './mailer';
import { shopNameIn } from './shop-name';

/** What an alert mail needs of the shop (the order mails' settings fit it). */
export interface AlertMailSettings {
  shopName: string;
  shopNameZh: string;
  /** Where the shop is served: the alert links to the console. */
  publicUrl: string;
}

/** A product in a low-stock digest, as it stood when the sweep found it. */
export interface LowStockProduct {
  id: number;
  enName: string;
  znName: string;
  stock: number;
  threshold: number;
}

/**
 * What a staff alert says, kept in the outbox row's payload: it is written when the alert is
 * raised, so the mail tells what was true then (the stock the sweep saw, the order's total).
 */
export type AlertMail =
  /** `totalCents` is null for a role that does not see money (a packer). */
  | { kind: 'orderPaid'; orderNo: string; lineCount: number; totalCents: number | null }
  | { kind: 'lowStock'; products: LowStockProduct[] }
  | { kind: 'mailFailed'; orderNo: string; mail: string; to: string; attempts: number; error: string }
  | { kind: 'refundFailed'; orderNo: string; amountCents: number; attempts: number; error: string }
  /** `reason`: see StuckReason in modules/payment/payment.stuck.ts. */
  | {
      kind: 'paymentFailed';
      orderNo: string;
      reason: 'unknown' | 'notGivenBack' | 'mismatch' | 'holdNotSettled';
      amountCents: number;
      currency: string;
      reference: string;
      error: string;
    };

type FailedAlert = Extract<AlertMail, { kind: 'mailFailed' | 'refundFailed' | 'paymentFailed' }>;

/**
 * A `failed` alert's texts: `mail:alert.failed.<topic>Subject` and `…Body`, with the alert's facts
 * as the body's values. Each kind differs only in its topic and its values.
 */
function failedTexts(
  alert: FailedAlert,
  language: Language,
): { topic: string; params: Record<string, string | number> } {
  switch (alert.kind) {
    case 'mailFailed': {
      const mail = translate(language, `mail:alert.failed.mails.${alert.mail}`);
      const { to, attempts, error } = alert;
      return {
        topic: 'mail',
        params: { mail: mail.startsWith('mail:') ? alert.mail : mail, to, attempts, error },
      };
    }
    case 'refundFailed':
      return {
        topic: 'refund',
        params: { amount: formatCents(alert.amountCents), attempts: alert.attempts, error: alert.error },
      };
    case 'paymentFailed': {
      const cents = alert.amountCents;
      const amount =
        alert.currency === 'USD' ? formatCents(cents) : `${(cents / 100).toFixed(2)} ${alert.currency}`;
      const topic = `payment${alert.reason[0]?.toUpperCase()}${alert.reason.slice(1)}`;
      return { topic, params: { amount, reference: alert.reference, error: alert.error } };
    }
  }
}

/** The alert mail, in the staff member's language: plain text and HTML with the same words. */
export function alertMail(
  to: string,
  language: Language,
  alert: AlertMail,
  settings: AlertMailSettings,
): MailMessage {
  const shop = shopNameIn(language, settings.shopName, settings.shopNameZh);
  const t = (key: string, params: Record<string, string | number> = {}) =>
    translate(language, `mail:alert.${key}`, params);
  const admin = `${settings.publicUrl}/admin`;
  let subject: string;
  let paragraphs: string[];
  let list: string[] = [];
  let action: { label: string; link: string };
  switch (alert.kind) {
    case 'orderPaid': {
      const params = { orderNo: alert.orderNo, count: alert.lineCount };
      subject = t('orderPaid.subject', params);
      paragraphs = [
        alert.totalCents === null
          ? t('orderPaid.bodyNoMoney', params)
          : t('orderPaid.body', { ...params, total: formatCents(alert.totalCents) }),
      ];
      action = { label: t('orderPaid.action'), link: `${admin}/orders/${encodeURIComponent(alert.orderNo)}` };
      break;
    }
    case 'lowStock':
      subject = t('lowStock.subject', { count: alert.products.length });
      paragraphs = [t('lowStock.body')];
      list = alert.products.map((p) =>
        t('lowStock.line', {
          name: language === 'zh' ? p.znName || p.enName : p.enName,
          stock: p.stock,
          threshold: p.threshold,
        }),
      );
      action = { label: t('lowStock.action'), link: `${admin}/stock` };
      break;
    default: {
      const { topic, params } = failedTexts(alert, language);
      subject = t(`failed.${topic}Subject`, { orderNo: alert.orderNo });
      paragraphs = [t(`failed.${topic}Body`, { orderNo: alert.orderNo, ...params })];
      action = { label: t('failed.action'), link: `${admin}/orders/${encodeURIComponent(alert.orderNo)}` };
    }
  }
  const footer = t('footer', { shop });
  const text = [
    ...paragraphs.flatMap((p) => [p, '']),
    ...(list.length ? [...list.map((l) => `  • ${l}`), ''] : []),
    `${action.label}: ${action.link}`,
    '',
    footer,
  ].join('\n');
  // Every text is escaped whole: the messages carry no markup, the values (names, errors) none either.
  const html = [
    `<!doctype html><html lang="${language === 'zh' ? 'zh-CN' : 'en'}"><body style="font-family:system-ui,-apple-system,'PingFang SC','Microsoft YaHei',sans-serif;color:#1f2933;max-width:560px;margin:auto;padding:16px">`,
    `<p style="color:#1f8a4c;font-weight:700">${escapeHtml(shop)}</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    list.length ? `<ul>${list.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>` : '',
    `<p><a href="${escapeHtml(action.link)}">${escapeHtml(action.label)}</a></p>`,
    `<p style="color:#7b8794;font-size:12px;margin-top:24px">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('');
  return { to, subject, text, html };
}
