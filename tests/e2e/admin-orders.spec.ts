import type { Page } from '@playwright/test';
import type { Language } from '#shared/constants';
import type { OrderDetail } from '#shared/schemas/order';
import { desktopOnly, paidOrder, staffSignedIn, test } from './fixtures/admin-orders';
import { placeOrder } from './fixtures/order';
import { expect, expectAccessible, LANGUAGES, price, text } from './fixtures/shop';
import { callApi, signUp } from './fixtures/shopper';

/** The operator console is desktop-first (admin-console.spec.ts): these run on the desktop project. */
desktopOnly();

const tIn =
  (language: Language) =>
  (key: string, params: Record<string, string | number> = {}) =>
    text(language, `admin:orders.${key}`, params);

const timeline = (page: Page, language: Language) =>
  page.getByRole('region', { name: tIn(language)('detail.timeline') });

for (const language of LANGUAGES) {
  const t = tIn(language);
  const mailEntry = (kind: string) => t('timeline.mail', { mail: t(`mailKind.${kind}`) });

  test.describe(`console orders (${language})`, () => {
    test('a manager finds a paid order by e-mail, packs, ships with tracking, partly refunds, and sees each step and mail', async ({
      page,
      request,
      shop,
      server,
      catalogue,
    }) => {
      const { orderNo, shopper } = await paidOrder(request, shop, catalogue);
      await staffSignedIn(page, server, 'manager', language);

      await expect(page.getByRole('heading', { level: 1, name: t('title') })).toBeVisible();
      await page.getByLabel(t('filters.search'), { exact: true }).fill(shopper.email);
      await page.getByRole('button', { name: t('filters.apply') }).click();
      await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(shopper.email)}`));
      const row = page.getByRole('row', { name: new RegExp(orderNo) });
      await expect(row).toBeVisible();
      await expect(row.getByText(t('status.processing'))).toBeVisible();
      await expect(row.getByText(t('method.creditcard'))).toBeVisible();
      await expect(page.getByText(t('list.count', { count: 1 }))).toBeVisible();
      await expectAccessible(page);
      // The search lives in the URL: a reload shows the same list.
      await page.reload();
      await expect(page.getByLabel(t('filters.search'), { exact: true })).toHaveValue(shopper.email);
      await expect(page.getByRole('row', { name: new RegExp(orderNo) })).toBeVisible();

      await page.getByRole('link', { name: orderNo }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: t('detail.title', { orderNo }) }),
      ).toBeVisible();
      await expect(page.getByRole('region', { name: t('detail.customer') })).toContainText(shopper.email);
      await expect(
        timeline(page, language).getByText(t('timeline.kind.paid'), { exact: true }),
      ).toBeVisible();
      await expect(timeline(page, language).getByText(mailEntry('paid'))).toBeVisible();
      await expectAccessible(page);

      await page.getByRole('button', { name: t('actions.pack') }).click();
      await expect(
        timeline(page, language).getByText(t('timeline.kind.packed'), { exact: true }),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: t('actions.pack') })).toHaveCount(0);

      await page.getByRole('button', { name: t('actions.ship'), exact: true }).click();
      const ship = page.getByRole('dialog', { name: t('ship.title') });
      await ship.getByLabel(t('ship.carrier')).fill('UPS');
      await ship.getByLabel(t('ship.tracking')).fill('1Z999AA10123456784');
      await ship.getByRole('button', { name: t('ship.submit') }).click();
      await expect(ship).toHaveCount(0);
      await expect(
        timeline(page, language).getByText(t('timeline.tracking', { tracking: '1Z999AA10123456784' })),
      ).toBeVisible();
      await expect(timeline(page, language).getByText(mailEntry('shipped'))).toBeVisible();

      await page.getByRole('button', { name: t('actions.refund') }).click();
      const refund = page.getByRole('dialog', { name: t('refund.title') });
      await refund.getByLabel(t('refund.mode.amount')).check();
      await refund.getByLabel(t('refund.amount')).fill('1.00');
      // No reason: the dialog asks for one before anything is sent.
      await refund.getByRole('button', { name: t('refund.submit') }).click();
      await expect(refund.getByText(t('refund.reasonEmpty'))).toBeVisible();
      await refund.getByLabel(t('refund.reason')).fill('One bruised box');
      await refund.getByRole('button', { name: t('refund.submit') }).click();
      await expect(refund).toHaveCount(0);
      const refunded = timeline(page, language).locator('li', {
        hasText: t('timeline.reason', { reason: 'One bruised box' }),
      });
      await expect(refunded.getByText(t('timeline.kind.refunded'), { exact: true })).toBeVisible();
      await expect(refunded.getByText(t('timeline.amount', { amount: '$1.00' }))).toBeVisible();
      await expect(timeline(page, language).getByText(mailEntry('refunded'))).toBeVisible();
      // A part keeps the status: still shipped, and the totals say what went back.
      await expect(page.getByText(t('status.shipped'), { exact: true }).first()).toBeVisible();

      // Chosen items: one of the two units goes back at its share of what was paid, tax included.
      const paid = await callApi<OrderDetail>(request, shop, shopper, 'GET', `/api/order/${orderNo}`);
      const share = Math.round(Math.round(paid.total_price * 100) / 2);
      await page.getByRole('button', { name: t('actions.refund') }).click();
      await refund.getByLabel(t('refund.mode.lines')).check();
      await refund.getByLabel(t('refund.reason')).fill('One box left behind');
      await refund.getByRole('button', { name: t('refund.submit') }).click();
      await expect(refund.getByText(t('refund.linesEmpty'))).toBeVisible();
      await refund.getByRole('spinbutton').fill('1');
      await refund.getByRole('button', { name: t('refund.submit') }).click();
      await expect(refund).toHaveCount(0);
      const lineRefund = timeline(page, language).locator('li', {
        hasText: t('timeline.reason', { reason: 'One box left behind' }),
      });
      await expect(lineRefund.getByText(t('timeline.amount', { amount: price(share / 100) }))).toBeVisible();
      // Only the other unit is left to refund by line.
      await page.getByRole('button', { name: t('actions.refund') }).click();
      await refund.getByLabel(t('refund.mode.lines')).check();
      await expect(refund.getByRole('spinbutton')).toHaveAttribute('max', '1');
      await refund.getByRole('button', { name: t('actions.back') }).click();

      // More than is left: the server's refusal is shown in the dialog.
      await page.getByRole('button', { name: t('actions.refund') }).click();
      await refund.getByLabel(t('refund.mode.amount')).check();
      await refund.getByLabel(t('refund.amount')).fill('99999');
      await refund.getByLabel(t('refund.reason')).fill('Too much');
      await refund.getByRole('button', { name: t('refund.submit') }).click();
      await expect(refund.getByRole('alert')).toBeVisible();
      await refund.getByRole('button', { name: t('actions.back') }).click();
      await expect(refund).toHaveCount(0);

      await page.getByRole('button', { name: t('actions.complete') }).click();
      await expect(
        timeline(page, language).getByText(t('timeline.kind.completed'), { exact: true }),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: t('actions.complete') })).toHaveCount(0);

      // The customer's page counts what they spent less what went back to them.
      await page.goto(`/admin/customers/${shopper.uuid}`);
      const spent = Math.round(paid.total_price * 100) - 100 - share;
      await expect(page.getByRole('definition').filter({ hasText: price(spent / 100) })).toBeVisible();
    });

    test('a packer sees and packs an order but no customer and no Refund; the slip shows both names', async ({
      page,
      request,
      shop,
      server,
      catalogue,
    }) => {
      const { orderNo } = await paidOrder(request, shop, catalogue);
      const [product] = await catalogue.stocked();
      await staffSignedIn(page, server, 'packer', language);

      await page.getByLabel(t('filters.stage'), { exact: true }).selectOption('packing');
      await page.getByRole('button', { name: t('filters.apply') }).click();
      await expect(page).toHaveURL(/stage=packing/);
      await page.getByRole('link', { name: orderNo }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: t('detail.title', { orderNo }) }),
      ).toBeVisible();
      await expect(page.getByRole('region', { name: t('detail.address') })).toBeVisible();
      await expect(page.getByRole('region', { name: t('detail.customer') })).toHaveCount(0);
      await expect(page.getByRole('button', { name: t('actions.refund') })).toHaveCount(0);
      await expect(page.getByRole('button', { name: t('actions.cancel') })).toHaveCount(0);
      await page.getByRole('button', { name: t('actions.pack') }).click();
      await expect(
        timeline(page, language).getByText(t('timeline.kind.packed'), { exact: true }),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: t('actions.pack') })).toHaveCount(0);
      // Packed is a sub-state of processing: the order can still be shipped.
      await expect(page.getByRole('button', { name: t('actions.ship'), exact: true })).toBeVisible();

      await page.getByRole('link', { name: t('detail.slip') }).click();
      await expect(page.getByRole('heading', { level: 1, name: t('packing.slip') })).toBeVisible();
      const slip = page.getByRole('article', { name: t('packing.order', { orderNo }) });
      await expect(slip.getByRole('cell', { name: product.en_name, exact: true })).toBeVisible();
      await expect(slip.getByRole('cell', { name: product.zn_name, exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: t('packing.print') })).toBeVisible();
      await expectAccessible(page);
      // On paper: no navigation, no buttons.
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByRole('button', { name: t('packing.print') })).toBeHidden();
      await expect(page.getByRole('navigation', { name: text(language, 'admin:nav.label') })).toBeHidden();
      await expect(slip).toBeVisible();
    });

    test('orders chosen in the list print together on one packing list', async ({
      page,
      request,
      shop,
      server,
      catalogue,
    }) => {
      const first = await paidOrder(request, shop, catalogue);
      const second = await paidOrder(request, shop, catalogue);
      await staffSignedIn(page, server, 'manager', language);
      for (const { orderNo } of [first, second]) {
        await page.getByRole('checkbox', { name: t('list.chooseOne', { orderNo }) }).check();
      }
      await page.getByRole('link', { name: t('list.packingList', { count: 2 }) }).click();
      await expect(page.getByRole('heading', { level: 1, name: t('packing.list') })).toBeVisible();
      for (const { orderNo } of [first, second]) {
        await expect(page.getByRole('article', { name: t('packing.order', { orderNo }) })).toBeVisible();
      }
    });

    test('a manager cancels an unpaid order after confirming; Back returns to the filtered list', async ({
      page,
      request,
      shop,
      server,
      catalogue,
    }) => {
      const shopper = await signUp(shop, request);
      const orderNo = await placeOrder(request, shop, shopper, catalogue);
      await staffSignedIn(page, server, 'manager', language);
      await page.getByLabel(t('filters.status'), { exact: true }).selectOption('pending');
      await page.getByLabel(t('filters.search'), { exact: true }).fill(orderNo);
      await page.getByRole('button', { name: t('filters.apply') }).click();
      await page.getByRole('link', { name: orderNo }).click();
      await expect(page.getByRole('button', { name: t('actions.refund') })).toHaveCount(0);
      await expect(page.getByRole('region', { name: t('detail.payment') })).toContainText(t('detail.unpaid'));

      await page.getByRole('button', { name: t('actions.cancel') }).click();
      const confirm = page.getByRole('dialog', { name: t('cancel.title') });
      await expect(confirm.getByText(t('cancel.text'))).toBeVisible();
      await confirm.getByRole('button', { name: t('cancel.submit') }).click();
      await expect(confirm).toHaveCount(0);
      await expect(
        timeline(page, language).getByText(t('timeline.kind.cancelled'), { exact: true }),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: t('actions.cancel') })).toHaveCount(0);

      // Back: the list as it was filtered (pending, this order), now without it.
      await page.goBack();
      await expect(page).toHaveURL(/status=pending/);
      await expect(page.getByLabel(t('filters.status'), { exact: true })).toHaveValue('pending');
      await expect(page.getByLabel(t('filters.search'), { exact: true })).toHaveValue(orderNo);
      await expect(page.getByText(t('list.none'))).toBeVisible();
    });
  });
}
