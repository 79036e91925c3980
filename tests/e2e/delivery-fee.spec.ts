import { formatCents, taxOf } from '#shared/money';
import type { CartItem } from '#shared/schemas/cart';
import { setDeliveryTerms, staffSession, test } from './fixtures/admin-shop-server';
import { expect, LANGUAGES, textIn } from './fixtures/shop';
import { ADDRESS, callApi, shopperWithCart, signInAs } from './fixtures/shopper';

/**
 * The delivery fee on a phone: the owner sets a fee and a free-delivery threshold in the
 * console (over its API); the shopper's cart shows the fee and how much more makes delivery free,
 * and the fee gives way to "Free delivery" once the goods reach the threshold. This worker's shop is
 * its own (admin-shop-server.ts), and the terms go back to the demo's after each test.
 */
test.describe.configure({ timeout: 120_000 });
test.beforeEach(({ isMobile }, testInfo) => {
  test.skip(!isMobile || testInfo.project.name !== 'phone', 'the cart on a phone');
});

let ownerToken = '';
test.afterEach(async ({ request, server }) => {
  if (ownerToken) await setDeliveryTerms(request, server, ownerToken);
});

for (const language of LANGUAGES) {
  test(`the fee shows, and disappears over the free-delivery threshold (${language})`, async ({
    page,
    request,
    server,
    shopper,
    catalogue,
  }) => {
    const t = textIn(language);
    const [product] = await catalogue.stocked();
    await shopperWithCart(request, server, shopper, [{ uuid: product.uuid, amount: 1 }], {
      ...ADDRESS,
      default_status: 1,
    });
    const [line] = await callApi<CartItem[]>(request, server, shopper, 'GET', '/api/cart');
    const price = Math.round((line?.price ?? 0) * 100);
    // Free from three of the product: one leaves two prices to go, two leave one, three are free.
    const owner = await staffSession(request, server, 'owner', `Delivery ${language}`);
    ownerToken = owner.token;
    await setDeliveryTerms(request, server, owner.token, {
      fee: '4.99',
      free_over: formatCents(price * 3).slice(1),
    });

    await signInAs(page, shopper, language);
    await page.goto('/cart');
    const summary = page.getByRole('region', { name: t('cart:summary') });
    const feeRow = summary.locator('div', { has: page.getByText(t('cart:deliveryFee'), { exact: true }) });
    await expect(feeRow).toContainText('$4.99');
    const toFree = (cents: number) =>
      page.getByText(t('cart:toFreeDelivery', { amount: formatCents(cents) }));
    await expect(toFree(price * 2)).toBeVisible();

    const increase = page.getByRole('button', { name: t('stepper.increase') });
    await increase.click();
    await expect(toFree(price)).toBeVisible();
    await expect(feeRow).toContainText('$4.99');

    await increase.click();
    await expect(feeRow).toContainText(t('cart:freeDelivery'));
    await expect(page.locator('.cart-delivery-note')).toHaveCount(0);
    // The total is the goods and their tax alone.
    await expect(summary.locator('.summary-total')).toContainText(formatCents(price * 3 + taxOf(price * 3)));
  });
}

for (const language of LANGUAGES) {
  test(`a visitor asks home whether the shop delivers to a ZIP (${language})`, async ({ page }) => {
    const t = textIn(language);
    await page.addInitScript((lng) => window.localStorage.setItem('lang', lng), language);
    await page.goto('/');
    const box = page.getByRole('region', { name: t('home:deliveryCheck.title') });
    await box.scrollIntoViewIfNeeded();
    const zip = box.getByRole('textbox', { name: t('home:deliveryCheck.label') });
    const ask = box.getByRole('button', { name: t('home:deliveryCheck.submit') });
    await zip.fill('94107');
    await ask.click();
    await expect(box.getByRole('status')).toHaveText(t('home:deliveryCheck.yes', { zip: '94107' }));
    await zip.fill('60601');
    await ask.click();
    await expect(box.getByRole('status')).toHaveText(t('home:deliveryCheck.no', { zip: '60601' }));
    await zip.fill('606');
    await ask.click();
    await expect(box.getByRole('status')).toHaveText(t('home:deliveryCheck.invalid'));
  });
}
