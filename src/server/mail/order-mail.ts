import type { Language } from '#shared/constants';
import { ORDER_EXPIRY_MINUTES } from '#shared/constants';
import { formatCents } from '#shared/money';
import { personName } from '#shared/person-name';
import { shownArea } from '#shared/schemas/address.rules';
import { slotLabel } from '#shared/slot-label';
import { ratePercent, showsTaxByRate } from '#shared/tax';
import { formatUnitPrice, formatWeight } from '#shared/weight';
import { escapeHtml } from '../html';
import { type MessageParams, translate } from '../i18n';
import type { MailMessage } from './mailer';
import type { OrderMailExtra, OrderMailKind } from './outbox';
import { shopNameIn } from './shop-name';

/** An order line as a mail lists it; a line sold by weight has its unit and weights (docs/product.md, Sold by weight). */
export interface MailLine {
  enName: string;
  znName: string;
  priceCents: number;
  num: number;
  weightUnit?: string | null;
  unitPriceCents?: number | null;
  pieceGrams?: number | null;
  estimateGrams?: number | null;
  weighedGrams?: number | null;
  weighedCents?: number | null;
}

/** What an order mail shows: the order as it was copied at placement, and the change's details. */
export interface OrderMailData {
  kind: OrderMailKind;
  to: string;
  language: Language;
  orderNo: string;
  lines: MailLine[];
  /** The order has weighed lines not weighed yet: its figures are an estimate. */
  estimate?: boolean;
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  /** The tax by rate (order_taxes); shown rate by rate unless it is the spec's one 4.5 %. */
  taxes?: { ratePpm: number; taxCents: number }[];
  /** The delivery fee charged; absent or 0 shows no row. */
  deliveryFeeCents?: number;
  totalCents: number;
  address: {
    name: string;
    surname: string;
    phone: string;
    address: string;
    area: string;
    city: string;
    province: string;
    zip: string;
    /** Delivery instructions copied onto the order (gate code, leave at the door); '' for none. */
    instructions?: string;
  };
  extra: OrderMailExtra;
  /** The delivery window the order holds, if any. */
  slot?: { startsAt: Date; endsAt: Date } | null;
  /** The coupon code the discount came from. */
  coupon?: string | null;
  /** When the order was placed (said on the shop's clock). */
  placedAt?: Date;
  /** How it was paid, once it was: a card (brand and last four where known) or a wallet. */
  payment?: MailPayment | null;
  /** Given back so far (refunds, and what was taken off a held card): a Refunded and a Net paid row. */
  refundedCents?: number;
}

/** How an order was paid, as its mails say it. */
export interface MailPayment {
  kind: 'card' | 'wallet';
  vendor: string;
  cardBrand: string | null;
  cardLast4: string | null;
}

export interface OrderMailSettings {
  shopName: string;
  shopNameZh: string;
  /** Where the shop is served, for the Pay Now link. */
  publicUrl: string;
  /** SHOP_TIME_ZONE: a delivery window is said on the shop's clock. */
  timeZone?: string;
}

type Params = Record<string, string | number>;

/** A piece of text in both forms: plain, and HTML with every value (shop data) escaped. */
interface Piece {
  text: string;
  html: string;
}

/**
 * `key` in `language` with its values put in: the plain text as is, and the HTML with the
 * message's own words and each value escaped separately (a value's `<` or `&` stays text).
 */
function piece(language: Language, key: string, params: Params = {}): Piece {
  const marks: MessageParams = {};
  const values = Object.entries(params);
  values.forEach(([name], i) => {
    marks[name] = `\uE000${i}\uE000`;
  });
  const html = escapeHtml(translate(language, key, marks)).replace(/\uE000(\d+)\uE000/g, (_, i: string) =>
    escapeHtml(String(values[Number(i)]?.[1] ?? '')),
  );
  return { text: translate(language, key, params), html };
}

function plain(text: string): Piece {
  return { text, html: escapeHtml(text) };
}

/** Where a refund went: the card's last four digits, the wallet's name, or "the way you paid". */
function refundTarget(language: Language, extra: OrderMailExtra): string {
  if (extra.paymentKind === 'card' && extra.cardLast4)
    return translate(language, 'mail:order.refunded.toCard', { last4: extra.cardLast4 });
  if (extra.paymentKind === 'wallet' && extra.vendor) {
    const wallet = translate(language, `mail:order.wallets.${extra.vendor}`);
    if (!wallet.startsWith('mail:')) return translate(language, 'mail:order.refunded.toWallet', { wallet });
  }
  return translate(language, 'mail:order.refunded.toPayment');
}

/** A proposal mail's values: the line, the substitute, the prices and the deadline on the shop's clock. */
function proposalParams(language: Language, extra: OrderMailExtra, timeZone: string): Params {
  const p = extra.substitution;
  if (!p) return {};
  const deadline = new Intl.DateTimeFormat(language === 'zh' ? 'zh-CN' : 'en-US', {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(p.deadline));
  return {
    name: language === 'zh' ? p.znName : p.enName,
    replacement: language === 'zh' ? p.replacementZnName : p.replacementEnName,
    linePrice: formatCents(p.linePriceCents),
    price: formatCents(p.priceCents),
    difference: formatCents(Math.max(0, p.priceCents - p.linePriceCents)),
    deadline,
  };
}

/** The mails that describe the coming delivery, and so say its window. */
const SLOT_SHOWN: ReadonlySet<OrderMailKind> = new Set(['placed', 'paid', 'shipped']);

/** The mail for one order change, in the shopper's language: HTML and plain text, no remote images. */
export function orderMail(data: OrderMailData, settings: OrderMailSettings): MailMessage {
  const lang = data.language;
  const shop = shopNameIn(lang, settings.shopName, settings.shopNameZh);
  const k = (key: string) => `mail:order.${data.kind}.${key}`;
  const params: Params = {
    shop,
    orderNo: data.orderNo,
    minutes: ORDER_EXPIRY_MINUTES,
    total: formatCents(data.totalCents),
    amount: formatCents(data.extra.amountCents ?? data.totalCents),
    to: data.kind === 'refunded' || data.kind === 'packed' ? refundTarget(lang, data.extra) : '',
    ...proposalParams(lang, data.extra, settings.timeZone ?? 'UTC'),
  };
  // A weighed order packed with nothing changed still gets its final figures (packedWeighed);
  // paid for an estimate, the receipt says what is charged in the end (bodyEstimate) and thanks for
  // the order rather than a payment, since a held card is not charged yet.
  const estimatePaid = data.kind === 'paid' && data.estimate;
  const unchanged = data.kind === 'packed' && (data.extra.changes ?? []).length === 0;
  // Taken off a held card before its capture: not charged, rather than refunded through a bank.
  const notCharged = data.kind === 'refunded' && data.extra.notCharged === true;
  const heading = (key: string) => k(unchanged ? `weighed.${key}` : notCharged ? `${key}NotCharged` : key);
  const paragraphs: Piece[] = [piece(lang, estimatePaid ? k('bodyEstimate') : heading('body'), params)];
  if (data.kind === 'packed') paragraphs.push(...packingChanges(lang, data.extra, params));
  if (data.kind === 'shipped') {
    if (data.extra.carrier) paragraphs.push(piece(lang, k('carrier'), { carrier: data.extra.carrier }));
    if (data.extra.tracking) paragraphs.push(piece(lang, k('tracking'), { tracking: data.extra.tracking }));
  }
  if (data.kind === 'refunded' && !notCharged) paragraphs.push(piece(lang, k('note')));
  const proposal = data.kind === 'substitution' ? data.extra.substitution : undefined;
  if (proposal) {
    const dearer = proposal.priceCents > proposal.linePriceCents;
    paragraphs.push(
      piece(lang, k(dearer ? 'dearer' : 'cheaper'), params),
      piece(lang, k('deadline'), params),
    );
  }
  paragraphs.push(...orderFacts(lang, data, settings.timeZone ?? 'UTC'));
  const slot = data.slot && SLOT_SHOWN.has(data.kind) ? data.slot : undefined;
  if (slot) {
    const when = slotLabel(slot.startsAt, slot.endsAt, settings.timeZone ?? 'UTC', lang);
    paragraphs.push(piece(lang, 'mail:order.labels.slot', { slot: when }));
  }

  const link = `${settings.publicUrl}/pay/${encodeURIComponent(data.orderNo)}`;
  const orderLink = `${settings.publicUrl}/order/${encodeURIComponent(data.orderNo)}`;
  const action =
    data.kind === 'placed'
      ? { label: piece(lang, k('action')), link }
      : proposal
        ? { label: piece(lang, k('action')), link: orderLink }
        : undefined;
  // A weighed order's packed mail is its final receipt: the weighed lines and the total charged.
  const weighedReceipt = data.kind === 'packed' && data.lines.some((l) => l.weightUnit);
  const showLines = data.kind === 'placed' || data.kind === 'paid' || weighedReceipt;
  const receipt = data.kind === 'paid';

  const subject = translate(lang, heading('subject'), params);
  const greeting = piece(lang, estimatePaid ? k('greetingEstimate') : heading('greeting'), params);
  const footer = piece(lang, 'mail:footer', { shop });
  const lines = showLines ? lineRows(data) : [];
  // Every order mail ends with the order's totals in full (docs/product.md, Order mails).
  const totals = totalRows(data);
  const address = receipt ? addressLines(data) : [];
  const label = (key: string, p: Params = {}) => piece(lang, `mail:order.labels.${key}`, p);

  const text = [
    greeting.text,
    '',
    ...paragraphs.flatMap((p) => [p.text, '']),
    ...(action ? [`${action.label.text}: ${action.link}`, ''] : []),
    label('order', { orderNo: data.orderNo }).text,
    ...(showLines ? [...lines.map((l) => `  ${l.name.text} ${l.qty}    ${l.amount}`), ''] : []),
    ...totals.map((t) => `  ${t.label.text}: ${t.amount}`),
    '',
    ...(receipt ? [label('shipTo').text, ...address.map((a) => `  ${a.text}`), ''] : []),
    footer.text,
  ].join('\n');

  const cell = 'padding:4px 0;border-bottom:1px solid #e4e7eb';
  const html = [
    `<!doctype html><html lang="${lang === 'zh' ? 'zh-CN' : 'en'}"><body style="font-family:system-ui,-apple-system,'PingFang SC','Microsoft YaHei',sans-serif;color:#1f2933;max-width:560px;margin:auto;padding:16px">`,
    `<p style="color:#1f8a4c;font-weight:700">${escapeHtml(shop)}</p>`,
    `<h1 style="font-size:20px">${greeting.html}</h1>`,
    ...paragraphs.map((p) => `<p>${p.html}</p>`),
    action
      ? `<p style="margin:20px 0"><a href="${escapeHtml(action.link)}" style="background:#1f8a4c;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:700">${action.label.html}</a></p>`
      : '',
    `<h2 style="font-size:16px">${label('order', { orderNo: data.orderNo }).html}</h2><table style="width:100%;border-collapse:collapse">` +
      lines
        .map(
          (l) =>
            `<tr><td style="${cell}">${l.name.html} ${escapeHtml(l.qty)}</td><td style="${cell};text-align:right">${escapeHtml(l.amount)}</td></tr>`,
        )
        .join('') +
      totals
        .map((t) => {
          const weight = t.strong ? ';font-weight:700' : '';
          return `<tr><td style="padding:4px 0${weight}">${t.label.html}</td><td style="padding:4px 0;text-align:right${weight}">${escapeHtml(t.amount)}</td></tr>`;
        })
        .join('') +
      '</table>',
    receipt
      ? `<h2 style="font-size:16px">${label('shipTo').html}</h2><p>${address.map((a) => a.html).join('<br>')}</p>`
      : '',
    `<p style="color:#7b8794;font-size:12px;margin-top:24px">${footer.html}</p>`,
    '</body></html>',
  ].join('');
  return { to: data.to, subject, text, html };
}

/** The packing mail's lines: each short or replaced line and what it gives back, then the sum. */
function packingChanges(lang: Language, extra: OrderMailExtra, params: Params): Piece[] {
  const k = (key: string) => `mail:order.packed.${key}`;
  const nameOf = (en: string | null, zh: string | null) => (lang === 'zh' ? zh || en || '' : en || '');
  const lines = (extra.changes ?? []).map((c) => {
    const name = nameOf(c.enName, c.znName);
    const what =
      c.state === 'short'
        ? piece(lang, k('short'), { name, short: c.shortQty, num: c.num })
        : piece(lang, k('replaced'), { name, replacement: nameOf(c.replacementEnName, c.replacementZnName) });
    const money =
      c.refundCents > 0
        ? piece(lang, k(extra.notCharged ? 'notCharged' : 'refund'), { amount: formatCents(c.refundCents) })
        : (c.dearerCents ?? 0) > 0
          ? piece(lang, k('dearer'), { amount: formatCents(c.dearerCents ?? 0) })
          : piece(lang, k('noRefund'));
    return { text: `• ${what.text} (${money.text})`, html: `• ${what.html} (${money.html})` };
  });
  // A held card is charged only what was packed: nothing comes back, so no bank's delay to note.
  const sum = extra.notCharged
    ? [piece(lang, k('totalNotCharged'), params)]
    : [piece(lang, k('total'), params), piece(lang, k('note'))];
  const total = (extra.amountCents ?? 0) > 0 ? sum : [];
  return [...lines, ...total];
}

function lineRows(data: OrderMailData): { name: Piece; qty: string; amount: string }[] {
  const lang = data.language;
  return data.lines.map((l) => {
    const name = plain(lang === 'zh' ? l.znName || l.enName : l.enName);
    if (!l.weightUnit || l.unitPriceCents === null || l.unitPriceCents === undefined) {
      return { name, qty: `× ${l.num}`, amount: formatCents(l.priceCents * l.num) };
    }
    // "($3.98/lb) 0.92 lb" once weighed; "($3.98/lb) 2 pieces, about 1.2 lb … (estimate)" before
    const unit = l.weightUnit === 'kg' ? 'kg' : 'lb';
    const price = `(${formatUnitPrice(l.unitPriceCents, unit, lang)})`;
    if (l.weighedGrams !== null && l.weighedGrams !== undefined) {
      return {
        name,
        qty: `${price} ${formatWeight(l.weighedGrams, unit, lang)}`,
        amount: formatCents(l.weighedCents ?? 0),
      };
    }
    const weight = formatWeight(l.estimateGrams ?? 0, unit, lang);
    // i18next's plural forms, chosen here: English has "one", Chinese only "other"
    const form = lang === 'en' && l.num === 1 ? 'one' : 'other';
    const qty = l.pieceGrams
      ? translate(lang, `common:weight.pieces_${form}`, { count: l.num, weight })
      : weight;
    const mark = translate(lang, 'common:weight.estimate');
    return { name, qty: `${price} ${qty}`, amount: `${formatCents(l.priceCents * l.num)} (${mark})` };
  });
}

interface TotalRow {
  label: Piece;
  amount: string;
  /** The order's total and what was paid in the end stand out. */
  strong?: boolean;
}

/**
 * The order's totals in full: subtotal, the coupon's discount with its code, tax (rate by rate
 * where there are several), delivery fee and total; then, where money came back, what was
 * refunded and what was paid in the end.
 */
function totalRows(data: OrderMailData): TotalRow[] {
  const label = (key: string, params: Record<string, string> = {}) =>
    piece(data.language, `mail:order.labels.${key}`, params);
  const taxes = data.taxes ?? [];
  const taxRows = showsTaxByRate(taxes.map((r) => r.ratePpm))
    ? taxes.map((r) => ({
        label: label('taxAt', { rate: ratePercent(r.ratePpm) }),
        amount: formatCents(r.taxCents),
      }))
    : [{ label: label('tax'), amount: formatCents(data.taxCents) }];
  const discount = data.coupon ? label('discountCode', { code: data.coupon }) : label('discount');
  const charged = chargedRows(data, label);
  return [
    { label: label('subtotal'), amount: formatCents(data.subtotalCents) },
    ...(data.discountCents > 0 ? [{ label: discount, amount: formatCents(-data.discountCents) }] : []),
    ...taxRows,
    ...((data.deliveryFeeCents ?? 0) > 0
      ? [{ label: label('delivery'), amount: formatCents(data.deliveryFeeCents ?? 0) }]
      : []),
    {
      label: label(data.estimate ? 'totalEstimate' : 'total'),
      amount: formatCents(data.totalCents),
      strong: charged.length === 0,
    },
    // A weighed order's packed receipt says what is charged itself; otherwise refunds and net paid.
    ...(charged.length > 0 ? charged : refundRows(data, label)),
  ];
}

/** What came back and what the shopper paid in the end, once anything came back. */
function refundRows(data: OrderMailData, label: (key: string) => Piece): TotalRow[] {
  const refunded = data.refundedCents ?? 0;
  if (refunded <= 0) return [];
  return [
    { label: label('refunded'), amount: formatCents(-refunded) },
    { label: label('netPaid'), amount: formatCents(Math.max(0, data.totalCents - refunded)), strong: true },
  ];
}

/** When the order was placed, and how it was paid once it was. */
function orderFacts(lang: Language, data: OrderMailData, timeZone: string): Piece[] {
  const facts: Piece[] = [];
  if (data.placedAt) {
    const date = new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-US', {
      timeZone,
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(data.placedAt);
    facts.push(piece(lang, 'mail:order.labels.placedAt', { date }));
  }
  // Sent a moment later, a placed mail could find the order paid already: it still asks for payment.
  if (data.payment && data.kind !== 'placed') {
    facts.push(piece(lang, 'mail:order.labels.paidWith', { method: paymentMethod(lang, data.payment) }));
  }
  return facts;
}

/** "Visa card ending in 1111", "WeChat Pay" (a wallet's name in the mail's language). */
function paymentMethod(lang: Language, p: MailPayment): string {
  const l = (key: string, params: Params = {}) => translate(lang, `mail:order.labels.${key}`, params);
  if (p.kind === 'wallet') {
    const wallet = translate(lang, `mail:order.wallets.${p.vendor}`);
    return wallet.startsWith('mail:') ? p.vendor : wallet;
  }
  if (!p.cardLast4) return l('cardOnly');
  const brand = p.cardBrand ? translate(lang, `mail:order.brands.${p.cardBrand}`) : '';
  return brand && !brand.startsWith('mail:')
    ? l('card', { brand, last4: p.cardLast4 })
    : l('cardNoBrand', { last4: p.cardLast4 });
}

/**
 * A packed weighed order's receipt ends with what is charged (docs/product.md, Sold by weight):
 * the order's total less what was taken off a held card or refunded to a wallet.
 */
function chargedRows(data: OrderMailData, label: (key: string) => Piece): TotalRow[] {
  const charged = data.extra.chargedCents;
  if (data.kind !== 'packed' || charged === undefined || charged === data.totalCents) return [];
  return [
    {
      label: label(data.extra.notCharged ? 'takenOff' : 'refundedItems'),
      amount: formatCents(-(data.totalCents - charged)),
    },
    { label: label('charged'), amount: formatCents(charged), strong: true },
  ];
}

function addressLines(data: OrderMailData): Piece[] {
  const a = data.address;
  return [
    plain(personName(a)),
    plain(a.address),
    plain([shownArea(a.area), a.city, a.province, a.zip].filter(Boolean).join(', ')),
    piece(data.language, 'mail:order.labels.phone', { phone: a.phone }),
    ...(a.instructions?.trim()
      ? [piece(data.language, 'mail:order.labels.instructions', { instructions: a.instructions.trim() })]
      : []),
  ];
}
