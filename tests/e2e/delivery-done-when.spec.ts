import { devices, type Page } from '@playwright/test';
import type { DeliverySlot, DeliverySlots } from '#shared/schemas/slots.zod';
import { slotLabel, slotTimeLabel } from '#shared/slot-label';
import { linePaidOf, taxOrder } from '#shared/tax';
import { staffSignedIn, test } from './fixtures/admin-orders';
import { enterTestCard, expectConfirmed } from './fixtures/order';
import { expect, price, text } from './fixtures/shop';
import { ADDRESS, callApi, signInAs, signUp } from './fixtures/shopper';

/**
 * Delivery as one walk: a shopper on a phone, in Chinese, picks a delivery window in
 * the cart, pays by card, and sees the window on the order and in the mail; a packer (console,
 * desktop, English) marks one line short on the Packing page, where the order sits under its slot,
 * and packs it; the shopper is refunded that line's share through the gateway (the sandbox) and told
 * so on the order page and in a Chinese mail. The demo shop offers windows (not required), no fee.
 *
 * Mails are read from the SMTP catcher the console's order fixture sends the shop's mail to
 * (fixtures/admin-orders.ts), as the sign-up codes are.
 */
test.beforeEach(({ isMobile }, testInfo) => {
  test.skip(isMobile || testInfo.project.name !== 'desktop', 'the console is desktop-first');
});
test.describe.configure({ timeout: 90_000 });

const zh = (key: string, params: Record<string, string | number> = {}) => text('zh', key, params);
const en = (key: string, params: Record<string, string | number> = {}) =>
  text('en', `admin:packing.${key}`, params);
const toCents = (amount: number) => Math.round(amount * 100);

interface ConsoleOrder {
  status: number;
  subtotal: number;
  discount: number;
  tax: number;
  taxes: { rate_ppm: number }[];
  delivery_fee: number;
  total_price: number;
  refunded: number;
  slot: unknown;
  lines: { id: number; en_name: string; zn_name: string; price: number; num: number; packing: unknown }[];
}

/** Pays the order on its pay page with the sandbox's test card (fixtures/order.ts). */
async function payByCard(page: Page) {
  const dialog = await enterTestCard(page, 'zh');
  await dialog.getByRole('button', { name: zh('pay:payNow') }).click();
}

test('done when: a window picked on a phone, paid, one line short at packing, refunded and told in Chinese', async ({
  page,
  browser,
  request,
  shop,
  server,
  catalogue,
}) => {
  const [first, second] = await catalogue.stocked(2);
  if (!second) throw new Error('two stocked products wanted');
  const shopper = await signUp(shop, request);
  await callApi(request, shop, shopper, 'POST', '/api/address', { ...ADDRESS, default_status: 1 });
  const offer = await callApi<DeliverySlots>(request, shop, shopper, 'GET', '/api/delivery/slots');
  expect(offer.offered, 'the demo shop offers delivery windows').toBe(true);
  const open = offer.slots.find((s) => s.state === 'open') as DeliverySlot;
  expect(open).toBeDefined();
  const when = slotLabel(new Date(open.starts_at), new Date(open.ends_at), offer.time_zone, 'zh');
  const mailsTo = () => shop.catcher.mails.filter((m) => m.to === shopper.email);

  const phone = await browser.newContext({
    ...devices['Pixel 7'],
    viewport: { width: 375, height: 812 },
    baseURL: server.url,
  });
  const shopperPage = await phone.newPage();
  let orderNo = '';
  await test.step('1. on a phone, in Chinese: two products in the cart, a window picked, paid by card', async () => {
    await signInAs(shopperPage, shopper, 'zh');
    for (const [i, product] of [first, second].entries()) {
      await shopperPage.goto(`/product/${product.uuid}`);
      await shopperPage.getByRole('button', { name: zh('catalogue:product.addToCart') }).click();
      await expect(
        shopperPage.getByRole('link', { name: zh('cart.badge', { count: i + 1 }), exact: true }),
      ).toBeVisible();
    }
    await shopperPage.goto('/cart');
    const picker = shopperPage.getByRole('region', { name: zh('cart:slots.title') });
    await expect(picker).toBeVisible({ timeout: 15_000 });
    const times = slotTimeLabel(new Date(open.starts_at), new Date(open.ends_at), offer.time_zone);
    await picker.getByRole('radio', { name: times }).check();
    await expect(picker.getByText(zh('cart:slots.chosen', { slot: when }))).toBeVisible();
    await shopperPage.getByRole('button', { name: zh('cart:submit') }).click();
    await expect(shopperPage).toHaveURL(/\/pay\/\d+$/, { timeout: 15_000 });
    orderNo = shopperPage.url().split('/').pop() ?? '';
    await payByCard(shopperPage);
    await expectConfirmed(shopperPage, orderNo, 'zh');
  });

  await test.step('2. the window on the order page and in the Chinese mails', async () => {
    await shopperPage.goto(`/order/${orderNo}`);
    await expect(shopperPage.getByText(zh('orders:slot', { slot: when }))).toBeVisible({ timeout: 15_000 });
    const slotLine = zh('mail:order.labels.slot', { slot: when });
    const orderHeading = zh('mail:order.labels.order', { orderNo });
    // The placed and the paid mail both say the window; both list the lines under "订单 NO".
    await expect
      .poll(() => mailsTo().filter((m) => m.text.includes(orderHeading) && m.text.includes(slotLine)).length)
      .toBe(2);
  });

  let expectedRefundCents = 0;
  let shortLine: ConsoleOrder['lines'][number] | undefined;
  await test.step('3. a packer finds the order under its window, marks one line short and packs it', async () => {
    await staffSignedIn(page, server, 'packer', 'en');
    await page
      .getByRole('navigation')
      .getByRole('link', { name: en('title') })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: en('title') })).toBeVisible();
    await page.getByLabel(en('day')).fill(open.date);
    await page.getByRole('button', { name: en('show') }).click();
    await expect(page).toHaveURL(new RegExp(`day=${open.date}`));
    const slot = page.getByRole('region', {
      name: slotLabel(new Date(open.starts_at), new Date(open.ends_at), offer.time_zone, 'en'),
      exact: true,
    });
    const card = slot.getByRole('article', { name: en('order', { orderNo }) });
    await expect(card).toBeVisible({ timeout: 15_000 });

    const before = await consoleOrder(page, server.url, orderNo);
    shortLine = before.lines[0];
    const picked = before.lines[1];
    if (!shortLine || !picked) throw new Error('two lines wanted');
    await card.getByRole('button', { name: en('actions.shortLine', { name: shortLine.en_name }) }).click();
    await card.getByLabel(en('form.shortCount', { num: shortLine.num })).fill(String(shortLine.num));
    await card.getByRole('button', { name: en('form.saveShort') }).click();
    await expect(card.getByText(en('mark.short', { count: shortLine.num }), { exact: false })).toBeVisible();
    await card.getByRole('button', { name: en('actions.pickedLine', { name: picked.en_name }) }).click();

    // What the line cost: its goods less its discount share plus its tax share, shared by tax.ts
    // as the order stored them (the demo shop taxes both lines at one rate and charges no fee).
    const [rate] = before.taxes;
    expect(before.taxes).toHaveLength(1);
    const shares = taxOrder(
      before.lines.map((l) => ({ goodsCents: toCents(l.price) * l.num, ratePpm: rate?.rate_ppm ?? 0 })),
      toCents(before.discount),
      { cents: toCents(before.delivery_fee), ratePpm: null },
    );
    expect(shares.taxCents).toBe(toCents(before.tax));
    expectedRefundCents = shares.lines[0] ? linePaidOf(shares.lines[0]) : 0;
    expect(expectedRefundCents).toBeGreaterThan(0);
    await expect(
      card.getByText(en('refund.sent', { amount: price(expectedRefundCents / 100) }), { exact: false }),
    ).toBeVisible({ timeout: 15_000 });
    await card.getByRole('button', { name: en('actions.pack') }).click();
    await expect(card.getByText(en('packed'), { exact: true })).toBeVisible();
  });

  await test.step('4. the shopper sees the line refunded, in Chinese, on the phone and in the mail', async () => {
    const line = shortLine;
    if (!line) throw new Error('no short line');
    const amount = price(expectedRefundCents / 100);
    // The payment's refund, through the console's order API: that line's share, given back once.
    const after = await consoleOrder(page, server.url, orderNo);
    expect(toCents(after.refunded)).toBe(expectedRefundCents);
    expect(after.lines.find((l) => l.id === line.id)?.packing).toMatchObject({
      state: 'short',
      short_num: line.num,
      refund: expectedRefundCents / 100,
      refund_state: 'sent',
    });

    await shopperPage.goto(`/order/${orderNo}`);
    await expect(
      shopperPage.getByText(
        `${zh('orders:packing.short', { count: line.num })} · ${zh('orders:packing.refunded', { amount })}`,
      ),
    ).toBeVisible({ timeout: 15_000 });

    const told = `• ${zh('mail:order.packed.short', { name: line.zn_name || line.en_name, short: line.num, num: line.num })} (${zh('mail:order.packed.refund', { amount })})`;
    await expect
      .poll(() => mailsTo().some((m) => m.text.includes(told) && m.text.includes(orderNo)))
      .toBe(true);
  });
  await phone.close();
});

async function consoleOrder(page: Page, url: string, orderNo: string): Promise<ConsoleOrder> {
  // The packer's own session: the cookie of the page's browser.
  const res = await page.request.get(`${url}/api/admin/orders/${orderNo}`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: ConsoleOrder }).data;
}
