import { type Catalogue, expect, LANGUAGES, text } from './fixtures/shop';
import { ADDRESS, callApi, signInAs, test } from './fixtures/shopper';

// A shopper is signed up per test, against a shop started per worker: slower than a visit.
test.describe.configure({ timeout: 90_000 });

/** Products with plenty of stock, read from the shop's own catalogue. */
async function stocked(catalogue: Catalogue, n = 2) {
  const { list } = await catalogue.products('page=1&page_size=60');
  return list.filter((p) => p.real_stock >= 20).slice(0, n);
}

for (const language of LANGUAGES) {
  test(`a visitor's cart asks to sign in (${language})`, async ({ page }) => {
    await page.addInitScript((lng) => window.localStorage.setItem('lang', lng), language);
    await page.goto('/cart');
    await expect(page.getByText(text(language, 'error.noUser'))).toBeVisible();
    await page.getByRole('link', { name: text(language, 'cart:signInNow') }).click();
    await expect(page).toHaveURL(/\/account$/);
  });
}

test('adding from a product page moves the badge at once', async ({ page, shopper, catalogue, isPhone }) => {
  test.skip(isPhone, 'the badge is in the desktop top bar; phones show it in the tab bar too');
  const [product] = await stocked(catalogue, 1);
  if (!product) throw new Error('no stocked product');
  await signInAs(page, shopper);
  await page.goto(`/product/${product.uuid}`);
  await page.getByRole('button', { name: text('en', 'catalogue:product.addToCart') }).click();
  await expect(
    page.getByRole('link', { name: text('en', 'cart.badge', { count: 1 }) }).first(),
  ).toBeVisible();
  await page.getByRole('button', { name: text('en', 'catalogue:product.addToCart') }).click();
  await expect(
    page.getByRole('link', { name: text('en', 'cart.badge', { count: 2 }) }).first(),
  ).toBeVisible();
});

for (const language of LANGUAGES) {
  test(`the cart: stepper, typed quantity, address modal, order (${language})`, async ({
    page,
    shopper,
    catalogue,
    request,
    shop,
  }) => {
    const [first, second] = await stocked(catalogue, 2);
    if (!first || !second) throw new Error('no stocked products');
    await callApi(request, shop, shopper, 'POST', '/api/cart', { uuid: first.uuid, amount: 1 });
    await callApi(request, shop, shopper, 'POST', '/api/cart', { uuid: second.uuid, amount: 2 });
    await signInAs(page, shopper, language);
    await page.goto('/cart');
    const t = (key: string, params?: Record<string, string | number>) => text(language, key, params);
    const name = language === 'zh' ? first.zn_name : first.en_name;

    // No address yet: the notice, and submit is disabled.
    await expect(page.getByText(t('error.noAddress'))).toBeVisible({ timeout: 15_000 });
    const submit = page.getByRole('button', { name: t('cart:submit') });
    await expect(submit).toBeDisabled();

    // Stepper bounds: − is disabled at 0; a typed quantity is clamped to the stock.
    const line = page.getByRole('listitem').filter({ hasText: name });
    const quantity = line.getByRole('textbox', { name: t('cart:quantityOf', { name }) });
    await line.getByRole('button', { name: t('stepper.decrease') }).click();
    await expect(quantity).toHaveValue('0');
    await expect(line.getByRole('button', { name: t('stepper.decrease') })).toBeDisabled();
    await quantity.fill(`${first.real_stock + 500}x`);
    await expect(quantity).toHaveValue(String(Math.min(first.real_stock, 99999)));
    await expect(line.getByRole('button', { name: t('stepper.increase') })).toBeDisabled();
    await quantity.fill('3');
    await expect(quantity).toHaveValue('3');

    // Add an address in the modal: every field is required.
    await page
      .getByRole('button', { name: t('address:add') })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: t('address:save') }).click();
    await expect(dialog.getByRole('alert')).toHaveText(t('address:problem.required.name'));
    for (const [field, value] of Object.entries(ADDRESS)) {
      await dialog.getByLabel(t(`address:field.${field}`), { exact: true }).fill(value);
    }
    await dialog.getByRole('button', { name: t('address:save') }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('.address-selector')).toContainText(ADDRESS.address);

    // Totals use the shared tax function; then the order goes to its pay page.
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page).toHaveURL(/\/pay\/\d+$/);
  });
}

test('an empty cart says so', async ({ page, shopper }) => {
  await signInAs(page, shopper);
  await page.goto('/cart');
  await expect(page.getByText(text('en', 'error.noProduct'))).toBeVisible();
});
