import { ADDED_NOTICE_MS } from '#shared/constants';
import type { CartItem } from '#shared/schemas/cart';
import type { OrderDetail } from '#shared/schemas/order';
import { expect, holdRequests, isPack, LANGUAGES, nameIn, paired, price, textIn } from './fixtures/shop';
import { callApi, shopperWithCart, signInAs, test } from './fixtures/shopper';

// Adding to the cart and the cart itself tell the shopper what happened.
test.describe.configure({ timeout: 90_000 });

for (const language of LANGUAGES) {
  test(
    `adding from the product page is announced, resets the quantity, and the notice goes by itself (${language})`,
    paired(language),
    async ({ page, shopper, catalogue }) => {
      const [product] = await catalogue.stocked();
      const t = textIn(language);
      await page.clock.install();
      await signInAs(page, shopper, language);
      await page.goto(`/product/${product.uuid}`);
      const quantity = page.getByRole('textbox', { name: t('catalogue:product.quantity') });
      await page.getByRole('button', { name: t('stepper.increase') }).click();
      await expect(quantity).toHaveValue('2');
      await page.getByRole('button', { name: t('catalogue:product.addToCart') }).click();

      const region = page.locator('[aria-live="polite"]').filter({ hasText: t('cart.added') });
      await expect(region).toHaveCount(1);
      await expect(region).toContainText(`${t('cart.added')} · ${t('cart.view')}`);
      await expect(region.getByRole('link', { name: t('cart.view') })).toBeVisible();
      await expect(quantity).toHaveValue('1');
      await expect(
        page.getByRole('link', { name: t('cart.badge', { count: 2 }), exact: true }),
      ).toBeVisible();

      // It dismisses itself: the page's clock is moved on, no real time is waited.
      await page.clock.fastForward(ADDED_NOTICE_MS + 100);
      await expect(page.getByText(t('cart.view'))).toHaveCount(0);
    },
  );
}

for (const language of LANGUAGES) {
  test(
    `a quantity chosen while an add is on its way is kept, not reset (${language})`,
    paired(language),
    async ({ page, shopper, catalogue }) => {
      const [product] = await catalogue.stocked();
      const t = textIn(language);
      await signInAs(page, shopper, language);
      await page.goto(`/product/${product.uuid}`);
      // The add's answer is held until the shopper has pressed "+".
      const letThrough = await holdRequests(page, '**/api/cart', (request) => request.method() === 'POST');
      const quantity = page.getByRole('textbox', { name: t('catalogue:product.quantity') });
      await page.getByRole('button', { name: t('catalogue:product.addToCart') }).click();
      await page.getByRole('button', { name: t('stepper.increase') }).click();
      await expect(quantity).toHaveValue('2');
      letThrough();
      await expect(page.locator('[aria-live="polite"]').filter({ hasText: t('cart.added') })).toHaveCount(1);
      await expect(quantity).toHaveValue('2');
    },
  );
}

for (const language of LANGUAGES) {
  test(
    `a card shows its quantity in a stepper once in the cart; 0 takes it out; no card-wide ring on a tap (${language})`,
    paired(language, true),
    async ({ page, shopper, catalogue }) => {
      const category = (await catalogue.categories())[0];
      if (!category) throw new Error('no category');
      const { list } = await catalogue.products(`category_id=${category.id}&page=1&page_size=10000`);
      const product = list.find((p) => isPack(p) && p.real_stock >= 20);
      if (!product) throw new Error('no stocked product in the first category');
      const t = textIn(language);
      const name = nameIn(language, product);
      await signInAs(page, shopper, language);
      await page.goto(`/category/${category.id}`);
      const card = page.getByRole('article').filter({ has: page.getByRole('link', { name, exact: true }) });
      const add = card.getByRole('button', { name: t('product.addNamed', { name }) });
      const amount = card.getByRole('textbox', { name: t('product.inCartNamed', { name }) });

      await add.click();
      await expect(amount).toHaveValue('1');
      await expect(add).toHaveCount(0);
      await expect(page.locator('[aria-live="polite"]').filter({ hasText: t('cart.added') })).toHaveCount(1);

      await card.getByRole('button', { name: t('stepper.increase') }).click();
      await expect(amount).toHaveValue('2');
      // The focus stays on "+", so the change is said in a live region.
      const said = page
        .locator('[aria-live="polite"]')
        .filter({ hasText: t('product.nowInCart', { name, count: 2 }) });
      await expect(said).toHaveCount(1);
      // A pointer tap leaves no focus ring around the whole card.
      await expect(card.getByRole('button', { name: t('stepper.increase') })).toBeFocused();
      await expect(card).toHaveCSS('outline-style', 'none');
      await expect(
        page.getByRole('link', { name: t('cart.badge', { count: 2 }), exact: true }),
      ).toBeVisible();
      // "−, −" quicker than the server: the "1" is answered only after the second "−" (the
      // removal waits behind it), and the card still says the product left the cart.
      const letThrough = await holdRequests(page, '**/api/cart', (request) => request.method() === 'POST');
      await card.getByRole('button', { name: t('stepper.decrease') }).click();
      await expect(amount).toHaveValue('1');
      await card.getByRole('button', { name: t('stepper.decrease') }).click();
      letThrough();
      await expect(add).toBeVisible();
      await expect(
        page.locator('[aria-live="polite"]').filter({ hasText: t('product.leftCart', { name }) }),
      ).toHaveCount(1);
      await expect(
        page.getByRole('link', { name: t('cart.badge', { count: 0 }), exact: true }),
      ).toBeVisible();

      // The keyboard still gets its ring.
      await add.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      await expect(card).toHaveCSS('outline-style', 'solid');
    },
  );
}

for (const language of LANGUAGES) {
  test(
    `the cart shows units and line totals, says "Only N left" when a typed quantity is cut, and a line at 0 is not ordered (${language})`,
    paired(language, true),
    async ({ page, shopper, catalogue, request, shop }) => {
      // The first has less stock than one order may hold (50 by default), so the stock is the limit.
      const [first] = await catalogue.stocked(1, (p) => isPack(p) && p.real_stock >= 4 && p.real_stock < 50);
      const second = (await catalogue.stocked(2)).find((p) => p.uuid !== first?.uuid);
      if (!first || !second) throw new Error('no stocked products');
      await shopperWithCart(request, shop, shopper, [
        { uuid: first.uuid, amount: 3 },
        { uuid: second.uuid, amount: 1 },
      ]);
      const lines = await callApi<CartItem[]>(request, shop, shopper, 'GET', '/api/cart');
      const t = textIn(language);
      await signInAs(page, shopper, language);
      await page.goto('/cart');

      // Each line: its unit label and price × quantity.
      for (const [product, n] of [
        [first, 3],
        [second, 1],
      ] as const) {
        const line = page.getByRole('listitem').filter({ hasText: nameIn(language, product) });
        const cart = lines.find((l) => l.uuid === product.uuid);
        if (!cart) throw new Error('line missing');
        await expect(line).toContainText(language === 'zh' ? cart.zn_number : cart.en_number);
        await expect(line.locator('.cart-line-total')).toHaveText(
          `${t('cart:lineTotal')} ${price((Math.round(cart.price * 100) * n) / 100)}`,
        );
      }

      // A typed quantity above what can be had is cut, and the line says why.
      const firstLine = page.getByRole('listitem').filter({ hasText: nameIn(language, first) });
      const firstCart = lines.find((l) => l.uuid === first.uuid);
      if (!firstCart) throw new Error('line missing');
      const max = firstCart.real_stock;
      expect(max).toBeLessThan(firstCart.max_per_order);
      const quantity = firstLine.getByRole('textbox', {
        name: t('cart:quantityOf', { name: nameIn(language, first) }),
      });
      await quantity.fill(String(max + 7));
      await expect(quantity).toHaveValue(String(max));
      await expect(firstLine.getByRole('alert')).toHaveText(t('stepper.onlyLeft', { n: max }));
      await quantity.fill('2');
      await expect(firstLine.getByRole('alert')).toHaveCount(0);

      // Typing "abc" makes the second line 0: it says it is not ordered, and the order leaves it out.
      // That write is held until the order has been asked for: the order must wait for it, or the
      // write would reach the server after the order and put the line back in the cart.
      const seen: string[] = [];
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/api/cart', async (route) => {
        await held;
        await route.continue();
      });
      page.on('response', (res) => {
        if (res.url().endsWith('/api/cart') && res.request().method() === 'POST')
          seen.push('cart write answered');
      });
      page.on('request', (req) => {
        if (req.url().endsWith('/api/order') && req.method() === 'POST') seen.push('order sent');
      });
      const secondLine = page.getByRole('listitem').filter({ hasText: nameIn(language, second) });
      await secondLine.getByRole('textbox').fill('abc');
      await expect(secondLine.getByRole('textbox')).toHaveValue('0');
      await expect(secondLine).toContainText(t('cart:notOrdered'));
      const submit = page.getByRole('button', { name: t('cart:submit') });
      await expect(submit).toBeEnabled();
      await submit.click();
      release();
      await expect(page).toHaveURL(/\/pay\/\d+$/);
      // (An earlier write's answer may come first too: the order is what comes last.)
      expect(seen).toContain('cart write answered');
      expect(seen.at(-1)).toBe('order sent');
      const orderNo = page.url().split('/').pop() ?? '';
      const order = await callApi<OrderDetail>(request, shop, shopper, 'GET', `/api/order/${orderNo}`);
      expect(order.item.map((i) => i.en_name)).toEqual([first.en_name]);
      expect(await callApi<CartItem[]>(request, shop, shopper, 'GET', '/api/cart')).toEqual([]);
    },
  );
}

for (const language of LANGUAGES) {
  test(
    `on a phone the total and the submit button stay in view while the cart scrolls (${language})`,
    paired(language),
    async ({ page, shopper, catalogue, request, shop }) => {
      await page.setViewportSize({ width: 375, height: 667 });
      const products = await catalogue.stocked(8);
      await shopperWithCart(
        request,
        shop,
        shopper,
        products.map((p) => ({ uuid: p.uuid, amount: 1 })),
      );
      const t = textIn(language);
      await signInAs(page, shopper, language);
      await page.goto('/cart');
      const submit = page.getByRole('button', { name: t('cart:submit') });
      await expect(submit).toBeEnabled();
      await expect(submit).toBeInViewport();
      const bar = page.locator('.cart-total-bar');
      await expect(bar).toContainText(t('cart:total'));
      // Down the list (each line's height varies with what it shows: scroll to a line, not by pixels).
      const fifth = page.locator('.cart-line').nth(4);
      await fifth.scrollIntoViewIfNeeded();
      await expect(fifth).toBeInViewport();
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
      await expect(submit).toBeInViewport();
      // Not hidden behind the tab bar.
      const barBox = await bar.boundingBox();
      const tabBox = await page.locator('.tab-bar').boundingBox();
      expect(barBox && tabBox && barBox.y + barBox.height <= tabBox.y + 1).toBe(true);

      // A failed order is said where the button is, not in the summary scrolled out of sight.
      await page.route('**/api/order', (route) =>
        route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue(),
      );
      await page.evaluate(() => window.scrollTo(0, 0));
      await submit.click();
      const alert = page.getByRole('alert');
      await expect(alert).toHaveCount(1);
      await expect(alert).toHaveText(t('error.disconnectedShort'));
      await expect(alert).toBeInViewport();
    },
  );
}
