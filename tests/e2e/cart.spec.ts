import type { CartItem } from '#shared/schemas/cart';
import type { ProductCard as Product } from '#shared/schemas/catalogue';
import { type Catalogue, expect, isPack, LANGUAGES, nameIn, paired, text, textIn } from './fixtures/shop';
import { ADDRESS, callApi, signInAs, test } from './fixtures/shopper';

// A shopper is signed up per test, against a shop started per worker: slower than a visit.
test.describe.configure({ timeout: 90_000 });

/** Products with plenty of stock, read from the shop's own catalogue. */
for (const language of LANGUAGES) {
  test(`a visitor's cart asks to sign in (${language})`, async ({ page }) => {
    await page.addInitScript((lng) => window.localStorage.setItem('lang', lng), language);
    await page.goto('/cart');
    await expect(page.getByText(text(language, 'error.noUser'))).toBeVisible();
    await page.getByRole('link', { name: text(language, 'cart:signInNow') }).click();
    await expect(page).toHaveURL(/\/account$/);
  });
}

for (const language of LANGUAGES) {
  test(
    `adding from a product page moves the badge (${language})`,
    paired(language),
    async ({ page, shopper, catalogue }) => {
      const [product] = await catalogue.stocked();
      const t = textIn(language);
      // Phones have the badge in the page's own header, wide screens in the top bar: one is visible.
      const badge = (count: number) =>
        page.getByRole('link', { name: t('cart.badge', { count }), exact: true });
      await signInAs(page, shopper, language);
      await page.goto(`/product/${product.uuid}`);
      await expect(badge(0)).toBeVisible();
      const add = page.getByRole('button', { name: t('catalogue:product.addToCart') });
      await add.click();
      await expect(badge(1)).toBeVisible();
      await page.getByRole('button', { name: t('stepper.increase') }).click();
      await add.click();
      await expect(badge(3)).toBeVisible();
    },
  );
}

/** A top-level category whose own page lists `n` products that pass `wanted`. */
async function categoryWith(catalogue: Catalogue, wanted: (p: Product) => boolean, n = 1) {
  for (const category of await catalogue.categories()) {
    const { list } = await catalogue.products(`category_id=${category.id}&page=1&page_size=10000`);
    const products = list.filter(wanted).slice(0, n);
    if (products.length === n) return { category, products };
  }
  throw new Error(`no category lists ${n} such products`);
}

for (const language of LANGUAGES) {
  test(
    `adding from a category page moves the badge at once; the cart shows the lines (${language})`,
    paired(language),
    async ({ page, shopper, catalogue }) => {
      const { category, products } = await categoryWith(catalogue, (p) => isPack(p) && p.real_stock >= 20, 2);
      const [first, second] = products;
      if (!first || !second) throw new Error('no stocked products');
      const t = textIn(language);
      const badge = (count: number) =>
        page.getByRole('link', { name: t('cart.badge', { count }), exact: true });
      const addButton = (product: typeof first) =>
        page.getByRole('button', { name: t('product.addNamed', { name: nameIn(language, product) }) });
      await signInAs(page, shopper, language);
      await page.goto(`/category/${category.id}`);
      await expect(page.getByRole('heading', { level: 1, name: nameIn(language, category) })).toBeVisible();
      await expect(badge(0)).toBeVisible();

      // The server's answer is held back: the badge has to move before it arrives.
      let answer = () => {};
      const held = new Promise<void>((resolve) => {
        answer = resolve;
      });
      await page.route(
        (url) => url.pathname === '/api/cart',
        async (route) => {
          if (route.request().method() === 'POST') await held;
          await route.continue();
        },
      );
      await addButton(first).click();
      await expect(badge(1)).toBeVisible();
      answer();

      await addButton(second).click();
      await expect(badge(2)).toBeVisible();
      // Once in the cart, the card's add button has become a stepper showing the quantity.
      const firstCard = page
        .getByRole('article')
        .filter({ has: page.getByRole('link', { name: nameIn(language, first), exact: true }) });
      await expect(firstCard.getByRole('textbox')).toHaveValue('1');
      await firstCard.getByRole('button', { name: t('stepper.increase') }).click();
      await expect(badge(3)).toBeVisible();

      // The badge leads to the cart, which lists both products with their quantities.
      await badge(3).click();
      await expect(page).toHaveURL(/\/cart$/);
      for (const [product, amount] of [
        [first, '2'],
        [second, '1'],
      ] as const) {
        const name = nameIn(language, product);
        const line = page.getByRole('listitem').filter({ hasText: name });
        await expect(line.getByRole('textbox', { name: t('cart:quantityOf', { name }) })).toHaveValue(amount);
      }
      await expect(page.getByRole('list', { name: t('cart:lines') }).getByRole('listitem')).toHaveCount(2);
    },
  );
}

for (const language of LANGUAGES) {
  test(
    `a refused add on a category page says why and puts the badge back (${language})`,
    paired(language),
    async ({ page, shopper, catalogue, request, shop }) => {
      // A product whose whole stock is already in the shopper's cart: one more is refused (409).
      const { category, products } = await categoryWith(
        catalogue,
        (p) => p.real_stock >= 1 && p.real_stock < 20,
      );
      const [product] = products;
      if (!product) throw new Error('no product with a little stock');
      const stock = product.real_stock;
      const t = textIn(language);
      const badge = (count: number) =>
        page.getByRole('link', { name: t('cart.badge', { count }), exact: true });
      await signInAs(page, shopper, language);
      await page.goto(`/category/${category.id}`);
      await expect(badge(0)).toBeVisible();
      // Filled from elsewhere (another tab) after the page showed an empty cart: its "+" is stale.
      await callApi(request, shop, shopper, 'POST', '/api/cart', { uuid: product.uuid, amount: stock });

      await page
        .getByRole('button', { name: t('product.addNamed', { name: nameIn(language, product) }) })
        .click();
      await expect(page.getByRole('alert')).toHaveText(
        t('errors:cart.onlyLeft', { n: stock, name_en: product.en_name, name_zh: product.zn_name }),
      );
      await expect(badge(stock)).toBeVisible();
    },
  );
}

for (const language of LANGUAGES) {
  test(
    `the cart: stepper, typed quantity, address modal, order (${language})`,
    paired(language),
    async ({ page, shopper, catalogue, request, shop }) => {
      const [first, second] = await catalogue.stocked(2);
      if (!first || !second) throw new Error('no stocked products');
      await callApi(request, shop, shopper, 'POST', '/api/cart', { uuid: first.uuid, amount: 1 });
      await callApi(request, shop, shopper, 'POST', '/api/cart', { uuid: second.uuid, amount: 2 });
      await signInAs(page, shopper, language);
      await page.goto('/cart');
      const t = textIn(language);
      const name = language === 'zh' ? first.zn_name : first.en_name;

      // No address yet: the notice, and submit is disabled.
      await expect(page.getByText(t('error.noAddress'))).toBeVisible({ timeout: 15_000 });
      const submit = page.getByRole('button', { name: t('cart:submit') });
      await expect(submit).toBeDisabled();

      // Stepper bounds: − is disabled at 0; a typed quantity is clamped to the stock and to what
      // one order may hold (the shop's setting, which the cart line carries).
      const lines = await callApi<CartItem[]>(request, shop, shopper, 'GET', '/api/cart');
      const perOrder = lines.find((l) => l.uuid === first.uuid)?.max_per_order ?? 0;
      const line = page.getByRole('listitem').filter({ hasText: name });
      const quantity = line.getByRole('textbox', { name: t('cart:quantityOf', { name }) });
      await line.getByRole('button', { name: t('stepper.decrease') }).click();
      await expect(quantity).toHaveValue('0');
      await expect(line.getByRole('button', { name: t('stepper.decrease') })).toBeDisabled();
      await quantity.fill(`${first.real_stock + 500}x`);
      await expect(quantity).toHaveValue(String(Math.min(first.real_stock, perOrder, 99999)));
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
      // Each field says what it needs under itself; the first on screen (the surname in Chinese, the
      // given name in English) has the focus.
      const firstKey = language === 'zh' ? 'surname' : 'name';
      const firstField = dialog.getByLabel(t(`address:field.${firstKey}`), { exact: true });
      await expect(firstField).toHaveAccessibleDescription(t(`address:problem.required.${firstKey}`));
      await expect(firstField).toBeFocused();
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
    },
  );
}

for (const language of LANGUAGES) {
  test(`an empty cart says so (${language})`, paired(language, true), async ({ page, shopper }) => {
    await signInAs(page, shopper, language);
    await page.goto('/cart');
    await expect(page.getByText(text(language, 'error.noProduct'))).toBeVisible();
    await expect(page.getByRole('link', { name: text(language, 'cart:shop') })).toBeVisible();
  });
}
