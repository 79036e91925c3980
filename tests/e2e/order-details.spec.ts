import type { Page } from '@playwright/test';
import { formatCents } from '#shared/money';
import type { OrderDetail } from '#shared/schemas/order';
import type { DeliverySlots } from '#shared/schemas/slots.zod';
import { slotDayLabel } from '#shared/slot-label';
import { formatWhen } from '#web/lib/date-time';
import { staffTokenOverApi, test } from './fixtures/admin-orders';
import { CONSOLE_HEADERS } from './fixtures/console-sign-in';
import { placeOrder } from './fixtures/order';
import { expect, expectAccessible, LANGUAGES, paired, textIn } from './fixtures/shop';
import {
  callApi,
  payByTestCard,
  type Shop,
  type SignedInShopper,
  signInAs,
  signUp,
} from './fixtures/shopper';

/**
 * What an order page tells a shopper (docs/product.md, Order detail): when it was placed and paid,
 * with what, and after a packing refund what came back and what was paid in the end; the way from
 * an empty cart back to an order waiting for payment, and cancelling it; and a delivery day with
 * no open window that cannot be chosen. Each walk runs in one language per viewport (`paired`).
 */
test.describe.configure({ timeout: 120_000 });

const orderOf = (request: Parameters<typeof callApi>[0], shop: Shop, who: SignedInShopper, orderNo: string) =>
  callApi<OrderDetail>(request, shop, who, 'GET', `/api/order/${orderNo}`);

/** The summary row `label` (a <dt>) and its amount. */
const summaryRow = (page: Page, label: string) =>
  page.locator('.summary-rows > div').filter({ has: page.getByText(label, { exact: true }) });

for (const language of LANGUAGES) {
  test(
    `${language}: the order shows its date, the card, and after a packing refund the refunded and net paid`,
    paired(language),
    async ({ page, request, shop, server, catalogue }) => {
      const t = textIn(language);
      const shopper = await signUp(shop, request);
      const orderNo = await placeOrder(request, shop, shopper, catalogue);
      expect(await payByTestCard(request, shop, shopper, orderNo)).toBe(2);
      const paid = await orderOf(request, shop, shopper, orderNo);
      const line = paid.item[0];
      if (!line) throw new Error('an order without lines');

      // The packer finds one of the two missing: its share comes back through the gateway.
      const token = await staffTokenOverApi(request, server, 'packer', `details-${language}`);
      const marked = await request.post(`${server.url}/api/admin/packing/${orderNo}/lines/${line.id}`, {
        data: { state: 'short', short: '1', key: `e2e-details-${orderNo}` },
        headers: { ...CONSOLE_HEADERS, authorization: token },
      });
      expect(marked.status()).toBe(200);
      await expect
        .poll(async () => (await orderOf(request, shop, shopper, orderNo)).refunded)
        .toBeGreaterThan(0);
      const order = await orderOf(request, shop, shopper, orderNo);
      const cents = (amount: number) => formatCents(Math.round(amount * 100));

      await signInAs(page, shopper, language);
      await page.goto(`/order/${orderNo}`);
      const when = (iso: string) => formatWhen(iso, language, { timeZone: order.time_zone });
      await expect(page.getByText(t('orders:placedAt', { when: when(order.placed_at) }))).toBeVisible({
        timeout: 15_000,
      });
      await expect(page.getByText(t('orders:paidAt', { when: when(order.paid_at ?? '') }))).toBeVisible();
      const card = t('orders:card', { brand: t('orders:brands.Visa'), last4: '1111' });
      await expect(page.getByText(t('orders:paidWith', { method: card }))).toBeVisible();
      await expect(summaryRow(page, t('orders:total'))).toContainText(cents(order.total_price));
      await expect(summaryRow(page, t('orders:refunded'))).toContainText(`-${cents(order.refunded)}`);
      await expect(summaryRow(page, t('orders:netPaid'))).toContainText(cents(order.net_paid ?? 0));
      expect(order.net_paid).toBeCloseTo(order.total_price - order.refunded, 2);
      await expectAccessible(page);
    },
  );

  test(
    `${language}: back from the pay page, the empty cart leads to the waiting order, which the shopper cancels`,
    paired(language, true),
    async ({ page, request, shop, catalogue }) => {
      const t = textIn(language);
      const shopper = await signUp(shop, request);
      const [product] = await catalogue.stocked();
      const before = (await catalogue.product(product.uuid)).real_stock;
      const orderNo = await placeOrder(request, shop, shopper, catalogue);
      // The catalogue's snapshot hears of stock changes within a quarter second (docs/architecture.md).
      const stock = async () => (await catalogue.product(product.uuid)).real_stock;
      await expect.poll(stock).toBe(before - 2);

      await signInAs(page, shopper, language);
      await page.goto(`/pay/${orderNo}`);
      await page.goto('/cart');
      await expect(page.getByText(t('cart:waitingOrder', { id: orderNo }))).toBeVisible({ timeout: 15_000 });
      await expectAccessible(page);
      await page.getByRole('link', { name: t('cart:waitingOrderLink') }).click();
      await expect(page).toHaveURL(new RegExp(`/order/${orderNo}$`));
      // The spec's banner text stays as it is.
      await expect(page.getByText(t('orders:pendingBanner'))).toBeVisible();

      await page.getByRole('button', { name: t('orders:cancel.button') }).click();
      const dialog = page.getByRole('dialog', { name: t('orders:cancel.title') });
      await expect(dialog).toContainText(t('orders:cancel.body'));
      await expectAccessible(page);
      // Keeping it changes nothing.
      await dialog.getByRole('button', { name: t('orders:cancel.keep') }).click();
      await expect(dialog).toBeHidden();
      expect((await orderOf(request, shop, shopper, orderNo)).status).toBe(1);

      await page.getByRole('button', { name: t('orders:cancel.button') }).click();
      await dialog.getByRole('button', { name: t('orders:cancel.confirm') }).click();
      await expect(page.getByText(t('orders:banner.cancelled'))).toBeVisible();
      await expect(page.getByRole('button', { name: t('orders:cancel.button') })).toHaveCount(0);
      await expect.poll(stock).toBe(before);
      // Nothing waits any more: the empty cart says nothing of it.
      await page.goto('/cart');
      await expect(page.getByText(t('common:error.noProduct')).first()).toBeVisible({ timeout: 15_000 });
      await expect(page.getByText(t('cart:waitingOrder', { id: orderNo }))).toHaveCount(0);
    },
  );

  test(
    `${language}: a delivery day whose windows have all closed cannot be chosen, and says why`,
    paired(language),
    async ({ page, request, shop, catalogue }) => {
      const t = textIn(language);
      const shopper = await signUp(shop, request);
      const [product] = await catalogue.stocked();
      await callApi(request, shop, shopper, 'POST', '/api/cart', { uuid: product.uuid, amount: 1 });
      const offer = await callApi<DeliverySlots>(request, shop, shopper, 'GET', '/api/delivery/slots');
      expect(offer.offered).toBe(true);
      const first = offer.slots[0];
      if (!first) throw new Error('the demo shop offers no windows');
      // The shop's first day as it is past its last cut-off: every window of it closed.
      const closing: DeliverySlots = {
        ...offer,
        slots: offer.slots.map((s) => (s.date === first.date ? { ...s, state: 'closed' } : s)),
      };
      await page.route('**/api/delivery/slots', (route) =>
        route.fulfill({ json: { code: 200, message: 'ok', data: closing } }),
      );
      await signInAs(page, shopper, language);
      await page.goto('/cart');
      const picker = page.getByRole('region', { name: t('cart:slots.title') });
      const day = slotDayLabel(new Date(first.starts_at), offer.time_zone, language);
      const chip = picker.getByRole('button', { name: `${day} · ${t('cart:slots.state.closed')}` });
      await expect(chip).toBeDisabled({ timeout: 15_000 });
      // The picker opens on the first day that has a window to choose.
      const open = offer.slots.find((s) => s.date !== first.date && s.state === 'open');
      if (open) {
        const openDay = slotDayLabel(new Date(open.starts_at), offer.time_zone, language);
        await expect(picker.getByRole('button', { name: openDay, exact: true })).toHaveAttribute(
          'aria-pressed',
          'true',
        );
      }
      await expectAccessible(page);
    },
  );
}
