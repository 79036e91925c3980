import type { APIRequestContext } from '@playwright/test';
import { formatCents, taxOf } from '#shared/money';
import type { CartItem } from '#shared/schemas/cart';
import { rateTaxOf } from '#shared/tax';
import { type AdminShop, staffSession, test } from './fixtures/admin-shop-server';
import { expect, LANGUAGES, textIn } from './fixtures/shop';
import { ADDRESS, callApi, shopperWithCart, signInAs } from './fixtures/shopper';

/**
 * Tax by rate on the shopper's order (docs/product.md, Tax): the owner gives a place its own
 * groceries rate, 8.875 % (over the console's API); an order delivered there shows "Tax 8.875%"
 * in the cart, on its pay page and on its order page instead of the spec's "Tax (4.5%)", and an
 * order delivered elsewhere keeps the spec's one row. This worker's shop is its own (admin-shop-server.ts); the area
 * holds a prefix no other test's address is in, and goes again after each test.
 */
test.describe.configure({ timeout: 120_000 });
test.beforeEach(({ isMobile }, testInfo) => {
  test.skip(isMobile || testInfo.project.name !== 'desktop', 'one viewport is enough for a summary row');
});

const PLACE_ZIP = '94990';

async function adminCall(
  request: APIRequestContext,
  server: AdminShop,
  token: string,
  method: string,
  path: string,
  data?: object,
) {
  const res = await request.fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: token, 'X-Requested-With': 'XMLHttpRequest' },
    ...(data ? { data } : {}),
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { areas: { id: number; name: string }[] } }).data;
}

let cleanUp: (() => Promise<void>) | undefined;
test.afterEach(async () => {
  await cleanUp?.();
  cleanUp = undefined;
});

for (const language of LANGUAGES) {
  test(`an order taxed at 8.875 % shows its rate; one at 4.5 % the spec's row (${language})`, async ({
    page,
    request,
    server,
    shopper,
    catalogue,
  }) => {
    const t = textIn(language);
    const owner = await staffSession(request, server, 'owner', `Tax ${language}`);
    const name = `E2E place ${language}`;
    const setup = await adminCall(request, server, owner.token, 'POST', '/api/admin/tax/areas', {
      name,
      zips: PLACE_ZIP.slice(0, 4),
      rates: [{ class: 'groceries', rate: '8.875' }],
    });
    const areaId = setup.areas.find((a) => a.name === name)?.id;
    cleanUp = () =>
      adminCall(request, server, owner.token, 'DELETE', `/api/admin/tax/areas/${areaId}`).then(
        () => undefined,
      );

    const [product] = await catalogue.stocked();
    await shopperWithCart(request, server, shopper, [{ uuid: product.uuid, amount: 2 }], {
      ...ADDRESS,
      zip: PLACE_ZIP,
      default_status: 1,
    });
    const [line] = await callApi<CartItem[]>(request, server, shopper, 'GET', '/api/cart');
    const goods = Math.round((line?.price ?? 0) * 100) * 2;
    const tax = rateTaxOf(goods, 88_750);
    expect(tax).not.toBe(taxOf(goods));

    await signInAs(page, shopper, language);
    await page.goto('/cart');
    // The cart already shows the tax the order will charge there.
    const cart = page.getByRole('region', { name: t('cart:summary') });
    await expect(
      cart.locator('.summary-rows > div', {
        has: page.getByText(t('cart:taxAt', { rate: '8.875' }), { exact: true }),
      }),
    ).toContainText(formatCents(tax));
    await page.getByRole('button', { name: t('cart:submit') }).click();
    await expect(page).toHaveURL(/\/pay\/\d+$/, { timeout: 15_000 });
    const orderNo = page.url().split('/').pop() ?? '';
    const totals = page.getByRole('region', { name: t('orders:summary') });
    // A row of the summary: its label and its amount.
    const row = (label: string) =>
      totals.locator('.summary-rows > div', { has: page.getByText(label, { exact: true }) });
    const rateRow = row(t('orders:taxAt', { rate: '8.875' }));
    await expect(rateRow).toContainText(formatCents(tax));
    await expect(totals.getByText(t('orders:tax'), { exact: true })).toHaveCount(0);
    await expect(totals.locator('.summary-total')).toContainText(formatCents(goods + tax));

    await page.goto(`/order/${orderNo}`);
    await expect(rateRow).toContainText(formatCents(tax));

    // Delivered elsewhere, the same goods: the spec's one "Tax (4.5%)" row.
    const home = await callApi<{ uuid: string }>(request, server, shopper, 'POST', '/api/address', {
      ...ADDRESS,
      default_status: 1,
    });
    const added = await callApi<{ item: { id: number } }>(request, server, shopper, 'POST', '/api/cart', {
      uuid: product.uuid,
      amount: 2,
    });
    const spec = await callApi<string>(request, server, shopper, 'POST', '/api/order', {
      uuid: home.uuid,
      coupon: '',
      'items[0][id]': added.item.id,
      'items[0][num]': 2,
    });
    await page.goto(`/order/${spec}`);
    const specRow = row(t('orders:tax'));
    await expect(specRow).toContainText(formatCents(taxOf(goods)));
    await expect(totals.getByText(t('orders:taxAt', { rate: '8.875' }), { exact: true })).toHaveCount(0);
  });
}
