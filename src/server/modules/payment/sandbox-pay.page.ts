import type { WalletVendor } from '#server/gateways/gateway';
import { escapeHtml } from '#server/html';
import { shopNameIn } from '#server/mail/shop-name';
import { formatCents } from '#shared/money';

/**
 * The sandbox's stand-in for a wallet's cashier page (docs/architecture.md §6): English and Chinese side by
 * side, plain forms for "Pay" and "Fail" (the CSP allows no inline script; inline styles are fine).
 */

const VENDOR_NAMES: Record<WalletVendor, [en: string, zh: string]> = {
  wechatpay: ['WeChat Pay', '微信支付'],
  alipay: ['Alipay', '支付宝'],
  creditcard: ['Credit card', '信用卡'],
};

const STYLE = `body{font-family:system-ui,-apple-system,"PingFang SC","Hiragino Sans GB","Microsoft YaHei","Noto Sans CJK SC",sans-serif;background:#f4f6f4;color:#1f2a1f;margin:0;padding:24px}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 4px rgba(0,0,0,.08)}
h1{font-size:1.2rem;margin:0 0 4px}p.note{color:#5b655b;font-size:.9rem;margin:0 0 16px}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:0 0 24px}dt{color:#5b655b}dd{margin:0;font-variant-numeric:tabular-nums}
form{display:inline}button{font-size:1rem;padding:10px 20px;border-radius:8px;border:0;cursor:pointer;margin-right:8px}
.pay{background:#1e7b34;color:#fff}.fail{background:#e9ecea;color:#1f2a1f}`;

/** The shop's name in both languages: SHOP_NAME, then the Chinese interface's name (鲜市场). */
function shopNames(shopName: string): { text: string; html: string } {
  const zh = shopNameIn('zh', shopName);
  return {
    text: `${shopName} · ${zh}`,
    html: `${escapeHtml(shopName)} <span lang="zh">${escapeHtml(zh)}</span>`,
  };
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

export interface SandboxPayPageInput {
  shopName: string;
  orderNo: string;
  amountCents: number;
  vendor: WalletVendor;
  /** Where the buttons post: this page's own path. */
  action: string;
}

/** The pay page: shop, order number, amount and wallet, and the two buttons. */
export function sandboxPayPage(input: SandboxPayPageInput): string {
  const [vendorEn, vendorZh] = VENDOR_NAMES[input.vendor];
  const action = escapeHtml(input.action);
  const button = (outcome: 'paid' | 'failed', label: string, css: string) =>
    `<form method="post" action="${action}"><input type="hidden" name="outcome" value="${outcome}">` +
    `<button type="submit" class="${css}">${label}</button></form>`;
  const names = shopNames(input.shopName);
  return page(
    `${names.text} — sandbox payment`,
    `<h1>${names.html}</h1>
<p class="note">Sandbox payment: no money moves. <span lang="zh">沙盒支付：不会产生真实扣款。</span></p>
<dl>
<dt>Order <span lang="zh">订单号</span></dt><dd>${escapeHtml(input.orderNo)}</dd>
<dt>Amount <span lang="zh">金额</span></dt><dd>${escapeHtml(formatCents(input.amountCents))}</dd>
<dt>Pay with <span lang="zh">支付方式</span></dt><dd>${escapeHtml(vendorEn)} <span lang="zh">${escapeHtml(vendorZh)}</span></dd>
</dl>
${button('paid', 'Pay <span lang="zh">支付</span>', 'pay')}
${button('failed', 'Fail <span lang="zh">支付失败</span>', 'fail')}`,
  );
}

/** What a forged, altered or expired link shows. */
export function sandboxLinkGonePage(shopName: string): string {
  const names = shopNames(shopName);
  return page(
    names.text,
    `<h1>${names.html}</h1>
<p>This payment link is not valid or has expired. Please start the payment again from your order.</p>
<p lang="zh">该支付链接无效或已过期，请从订单页面重新发起支付。</p>`,
  );
}

/** What a link shows once its Pay or Fail was pressed: it works once; the order is one click away. */
export function sandboxLinkUsedPage(shopName: string, orderPath: string): string {
  const names = shopNames(shopName);
  return page(
    names.text,
    `<h1>${names.html}</h1>
<p>This payment link has already been used. To pay, go back to your order and start a new payment.</p>
<p lang="zh">该支付链接已使用。如需支付，请返回订单重新发起支付。</p>
<p><a href="${escapeHtml(orderPath)}">Back to your order <span lang="zh">返回订单</span></a></p>`,
  );
}
