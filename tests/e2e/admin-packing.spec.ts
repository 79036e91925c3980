import { devices } from '@playwright/test';
import type { OrderDetail } from '#shared/schemas/order';
import { desktopOnly, openSection, paidOrder, staffSignedIn, test } from './fixtures/admin-orders';
import { expect, expectAccessible, holdRequests, LANGUAGES, price, text } from './fixtures/shop';
import { ADDRESS, callApi, signInAs } from './fixtures/shopper';

/**
 * Items 4 and 5 in the browser: a packer marks a line short on the console's Packing
 * page (desktop: the console is desktop-first) and packs the order; the shopper, on a phone, in
 * Chinese, sees the line short and refunded on the order's page.
 */
desktopOnly();

const literally = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

for (const language of LANGUAGES) {
  const t = (key: string, params: Record<string, string | number> = {}) =>
    text(language, `admin:packing.${key}`, params);

  test(`a packer marks a line short and the shopper sees the refund (${language})`, async ({
    page,
    browser,
    request,
    shop,
    server,
    catalogue,
  }) => {
    const { orderNo, shopper } = await paidOrder(request, shop, catalogue);
    await staffSignedIn(page, server, 'packer', language);
    await openSection(page, language, 'packing');
    await expect(page.getByRole('heading', { level: 1, name: t('title') })).toBeVisible();

    const card = page.getByRole('article', { name: t('order', { orderNo }) });
    await expect(card).toBeVisible();
    await expect(card.getByText(t('mark.open'), { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: t('actions.pack') })).toBeDisabled();
    await expectAccessible(page);
    // A slot's packing list is the console's one packing list; its Back returns to the day.
    await page
      .getByRole('region', { name: t('noSlot') })
      .getByRole('link', { name: t('list.open') })
      .click();
    await expect(
      page.getByRole('article', { name: text(language, 'admin:orders.packing.order', { orderNo }) }),
    ).toBeVisible();
    await page.getByRole('link', { name: text(language, 'admin:orders.packing.backToPacking') }).click();
    await expect(card).toBeVisible();
    const shortPrefix = text(language, 'admin:packing.actions.shortLine', { name: '' });
    await card.getByRole('button', { name: new RegExp(`^${literally(shortPrefix)}`) }).click();
    await card.getByLabel(t('form.shortCount', { num: 2 })).fill('1');
    await card.getByRole('button', { name: t('form.saveShort') }).click();
    await expect(card.getByText(t('mark.short', { count: 1 }), { exact: false })).toBeVisible();

    const order = await callApi<OrderDetail>(request, shop, shopper, 'GET', `/api/order/${orderNo}`);
    const refund = order.item[0]?.packing?.refund ?? 0;
    expect(refund).toBeGreaterThan(0);
    await expect(card.getByText(t('refund.sent', { amount: price(refund) }), { exact: false })).toBeVisible();
    await card.getByRole('button', { name: t('actions.pack') }).click();
    // Packed, an order without a slot leaves the bench.
    await expect(card).toHaveCount(0);

    // The shopper, on a phone, in Chinese.
    const phone = await browser.newContext({
      ...devices['Pixel 7'],
      viewport: { width: 375, height: 812 },
      baseURL: server.url,
    });
    const shopperPage = await phone.newPage();
    await signInAs(shopperPage, shopper, 'zh');
    await shopperPage.goto(`/order/${orderNo}`);
    const line = shopperPage.getByText(
      `${text('zh', 'orders:packing.short', { count: 1 })} · ${text('zh', 'orders:packing.refunded', { amount: price(refund) })}`,
    );
    await expect(line).toBeVisible();
    await expectAccessible(shopperPage);
    await phone.close();
  });
}

for (const language of LANGUAGES) {
  test(`the packer reads the delivery instructions on the bench and the packing list (${language})`, async ({
    page,
    request,
    shop,
    server,
    catalogue,
  }) => {
    const instructions = 'Gate code 4321, leave at the door';
    const house = { ...ADDRESS, name: '小明', surname: '王', area: '', instructions };
    const { orderNo } = await paidOrder(request, shop, catalogue, house);
    await staffSignedIn(page, server, 'packer', language);
    await openSection(page, language, 'packing');
    const card = page.getByRole('article', { name: text(language, 'admin:packing.order', { orderNo }) });
    await expect(
      card.getByText(text(language, 'admin:packing.instructions', { instructions })),
    ).toBeVisible();
    await expect(card.getByText('王小明', { exact: true })).toBeVisible();
    await page.goto(`/admin/orders/packing?orders=${orderNo}`);
    const slip = page.getByRole('article', {
      name: text(language, 'admin:orders.packing.order', { orderNo }),
    });
    await expect(
      slip.getByText(text(language, 'admin:orders.fields.instructions', { instructions })),
    ).toBeVisible();
    await expect(slip.getByText('王小明', { exact: true })).toBeVisible();
    await expectAccessible(page);
  });
}

test('a day typed while the Packing page is still loading is the day it shows', async ({ page, server }) => {
  const t = (key: string) => text('en', `admin:packing.${key}`);
  // Hold the first answer for today until the packer has typed another day: the answer's arrival
  // used to put today back in the field, and Show then asked for today again.
  const release = await holdRequests(
    page,
    /\/api\/admin\/packing(\?|$)/,
    (request) => !new URL(request.url()).searchParams.has('day'),
  );
  await staffSignedIn(page, server, 'packer', 'en');
  await openSection(page, 'en', 'packing');
  const field = page.getByLabel(t('day'));
  await field.fill('2031-03-04');
  const answered = page.waitForResponse(/\/api\/admin\/packing(\?|$)/);
  release();
  await answered;
  await expect(page.getByRole('heading', { level: 1, name: t('title') })).toBeVisible();
  await expect(field).toHaveValue('2031-03-04');
  const asked = page.waitForResponse(/\/api\/admin\/packing\?(.*&)?day=2031-03-04(&|$)/);
  await page.getByRole('button', { name: t('show') }).click();
  await expect(page).toHaveURL(/day=2031-03-04/);
  expect((await asked).ok()).toBe(true);
  await expect(field).toHaveValue('2031-03-04');
  // Back to the page's own day: the field follows the address again.
  await page.goBack();
  await expect(page).not.toHaveURL(/day=/);
  await expect(field).not.toHaveValue('2031-03-04');
});
