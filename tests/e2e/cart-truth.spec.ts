import type { APIRequestContext, Page } from '@playwright/test';
import type { CartItem } from '#shared/schemas/cart';
import type { OrderDetail } from '#shared/schemas/order';
import { UNDO_REMOVE_MS } from '#web/features/cart/components/removed-line';
import { orderCartLines } from './fixtures/order';
import {
  type Catalogue,
  expect,
  expectAccessible,
  isPack,
  LANGUAGES,
  nameIn,
  paired,
  price,
  textIn,
} from './fixtures/shop';
import { callApi, type Shop, shopperWithCart, signInAs, signUp, test } from './fixtures/shopper';

// The cart tells the truth about stock (docs/product.md, Cart and checkout; Product detail).
test.describe.configure({ timeout: 120_000 });

/** Packs another shopper can buy out in one order (at most 50 per line). */
const drainable = (p: { real_stock: number; sold_by_weight: unknown }) =>
  isPack(p as never) && p.real_stock >= 6 && p.real_stock <= 50;

async function pick(catalogue: Catalogue, n: number) {
  return catalogue.stocked(n, (p) => drainable(p));
}

/** Another shopper orders each product until only `left` of it is left. */
async function leaveOnly(
  request: APIRequestContext,
  shop: Shop,
  products: { uuid: string; real_stock: number; left: number }[],
): Promise<void> {
  const other = await signUp(shop, request);
  for (const p of products)
    await callApi(request, shop, other, 'POST', '/api/cart', { uuid: p.uuid, amount: p.real_stock - p.left });
  const lines = await callApi<CartItem[]>(request, shop, other, 'GET', '/api/cart');
  await orderCartLines(request, shop, other, lines);
}

const lineOf = (page: Page, name: string) =>
  page.getByRole('list', { name: /./ }).getByRole('listitem').filter({ hasText: name });

/** The cart badge as the screen shows it: the tab bar's on phones, the top bar's link on wide screens. */
async function expectBadge(page: Page, isPhone: boolean, count: number, label: string): Promise<void> {
  if (isPhone) await expect(page.getByTestId('tab-cart-badge')).toHaveText(String(count));
  else await expect(page.getByRole('link', { name: label, exact: true })).toBeVisible();
}

const cents = (amount: number) => Math.round(amount * 100);

for (const language of LANGUAGES) {
  test(
    `a line sold out or short is marked, counts only what is left, and each fix works (${language})`,
    paired(language),
    async ({ page, shopper, catalogue, request, shop }) => {
      const [keep, gone, lower, fine] = await pick(catalogue, 4);
      if (!gone || !lower || !fine) throw new Error('too few stocked packs');
      await shopperWithCart(request, shop, shopper, [
        { uuid: keep.uuid, amount: 5 },
        { uuid: gone.uuid, amount: 2 },
        { uuid: lower.uuid, amount: 5 },
        { uuid: fine.uuid, amount: 1 },
      ]);
      await leaveOnly(request, shop, [
        { ...keep, left: 3 },
        { ...gone, left: 0 },
        { ...lower, left: 2 },
      ]);
      const before = await callApi<CartItem[]>(request, shop, shopper, 'GET', '/api/cart');
      const priceOf = (uuid: string) => cents(before.find((l) => l.uuid === uuid)?.price ?? Number.NaN);
      const t = textIn(language);
      const [keepName, goneName, lowerName] = [keep, gone, lower].map((p) => nameIn(language, p)) as [
        string,
        string,
        string,
      ];
      await signInAs(page, shopper, language);
      await page.goto('/cart');

      const keepLine = lineOf(page, keepName);
      const goneLine = lineOf(page, goneName);
      const lowerLine = lineOf(page, lowerName);
      await expect(keepLine).toContainText(t('cart:stock.short', { left: 3, amount: 5 }));
      await expect(goneLine).toContainText(t('cart:stock.soldOut'));
      await expect(lowerLine).toContainText(t('cart:stock.short', { left: 2, amount: 5 }));
      // Line totals and the summary count only what can be bought.
      await expect(keepLine.locator('.cart-line-total')).toContainText(price((priceOf(keep.uuid) * 3) / 100));
      await expect(goneLine.locator('.cart-line-total')).toContainText(price(0));
      const subtotal = page
        .locator('.summary-rows div')
        .filter({ hasText: t('cart:subtotal') })
        .locator('dd');
      const expected = priceOf(keep.uuid) * 3 + priceOf(lower.uuid) * 2 + priceOf(fine.uuid);
      await expect(subtotal).toHaveText(price(expected / 100));
      await expectAccessible(page);

      // Lower: the line holds what is left and is whole again.
      await lowerLine
        .getByRole('button', { name: t('cart:stock.lowerNamed', { name: lowerName, n: 2 }) })
        .click();
      await expect(
        lowerLine.getByRole('textbox', { name: t('cart:quantityOf', { name: lowerName }) }),
      ).toHaveValue('2');
      await expect(lowerLine.locator('.cart-line-stock')).toHaveCount(0);

      // Keep: the line stays as it is, saying what will be ordered.
      const keptSaved = page.waitForResponse(
        (r) => r.request().method() === 'PUT' && r.url().endsWith('/kept') && r.status() === 200,
      );
      await keepLine.getByRole('button', { name: t('cart:stock.keepNamed', { name: keepName }) }).click();
      await expect(keepLine).toContainText(t('cart:stock.keptShort', { left: 3, amount: 5 }));
      await expect(
        keepLine.getByRole('button', { name: t('cart:stock.keepNamed', { name: keepName }) }),
      ).toHaveCount(0);
      // The choice is the line's, not the page's: it is still there after a reload.
      await keptSaved;
      await page.reload();
      await expect(keepLine).toContainText(t('cart:stock.keptShort', { left: 3, amount: 5 }));
      await expect(
        keepLine.getByRole('button', { name: t('cart:stock.keepNamed', { name: keepName }) }),
      ).toHaveCount(0);
      await expect(goneLine).toContainText(t('cart:stock.soldOut'));

      // Remove: the sold-out line goes (its Undo is the other test's).
      await goneLine.getByRole('button', { name: t('cart:removeNamed', { name: goneName }) }).click();
      await expect(page.getByText(t('cart:removed', { name: goneName }))).toBeVisible();
      await expect(subtotal).toHaveText(price(expected / 100));

      // The order takes what is left of the kept line; the rest stays in the cart, sold out.
      await page.getByRole('button', { name: t('cart:submit') }).click();
      await expect(page).toHaveURL(/\/pay\/\d+$/);
      const orderNo = page.url().split('/').at(-1) ?? '';
      const order = await callApi<OrderDetail>(request, shop, shopper, 'GET', `/api/order/${orderNo}`);
      expect(Object.fromEntries(order.item.map((i) => [i.uuid, i.num]))).toEqual({
        [keep.uuid]: 3,
        [lower.uuid]: 2,
        [fine.uuid]: 1,
      });
      const after = await callApi<CartItem[]>(request, shop, shopper, 'GET', '/api/cart');
      expect(after.map((l) => [l.uuid, l.amount, l.stock_state])).toEqual([[keep.uuid, 2, 'sold_out']]);
    },
  );
}

for (const language of LANGUAGES) {
  test(
    `stock gone between reading the cart and Submit: the order is refused and the line marked (${language})`,
    paired(language, true),
    async ({ page, shopper, catalogue, request, shop }) => {
      const [product, other] = await pick(catalogue, 2);
      if (!other) throw new Error('too few stocked packs');
      await shopperWithCart(request, shop, shopper, [
        { uuid: product.uuid, amount: 2 },
        { uuid: other.uuid, amount: 1 },
      ]);
      const t = textIn(language);
      const name = nameIn(language, product);
      await signInAs(page, shopper, language);
      await page.goto('/cart');
      const line = lineOf(page, name);
      await expect(line.getByRole('textbox', { name: t('cart:quantityOf', { name }) })).toHaveValue('2');
      await expect(line.locator('.cart-line-stock')).toHaveCount(0);

      // Another shopper buys the last of it while this cart is open.
      await leaveOnly(request, shop, [{ ...product, left: 0 }]);
      const refused = page.waitForResponse(
        (r) => r.request().method() === 'POST' && r.url().endsWith('/api/order'),
      );
      await page.getByRole('button', { name: t('cart:submit') }).click();
      expect((await refused).status()).toBe(409);

      // Refused: the cart stays, says why, and reads the lines again so the line shows its mark.
      await expect(line).toContainText(t('cart:stock.soldOut'));
      await expect(line.locator('.cart-line-total')).toContainText(price(0));
      await expect(
        page.getByRole('alert').filter({
          hasText: t('errors:cart.onlyLeft', { n: 0, name_en: name, name_zh: name }),
          visible: true,
        }),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/cart$/);
      expect(await callApi<unknown[]>(request, shop, shopper, 'GET', '/api/order')).toEqual([]);
      const cart = await callApi<CartItem[]>(request, shop, shopper, 'GET', '/api/cart');
      expect(cart.map((l) => [l.uuid, l.amount, l.stock_state])).toEqual([
        [product.uuid, 2, 'sold_out'],
        [other.uuid, 1, 'in_stock'],
      ]);
      await expectAccessible(page);
    },
  );
}

for (const language of LANGUAGES) {
  test(
    `Remove offers Undo, which puts the line back as it was; then it goes for good (${language})`,
    paired(language, true),
    async ({ page, shopper, catalogue, request, shop, isPhone }) => {
      const [first, second] = await catalogue.stocked(2);
      if (!second) throw new Error('too few stocked packs');
      await shopperWithCart(request, shop, shopper, [
        { uuid: first.uuid, amount: 3 },
        { uuid: second.uuid, amount: 1 },
      ]);
      const [line] = await callApi<CartItem[]>(request, shop, shopper, 'GET', '/api/cart');
      await callApi(request, shop, shopper, 'PATCH', `/api/cart/${line?.id}`, {
        when_missing: 'replace',
        substitute: '',
        ask_first: 'true',
      });
      const t = textIn(language);
      const name = nameIn(language, first);
      await page.clock.install();
      await signInAs(page, shopper, language);
      await page.goto('/cart');
      const firstLine = lineOf(page, name);
      const choice = firstLine.getByRole('combobox', { name: t('substitution.legend', { name }) });
      await expect(choice).toHaveValue('best');

      await firstLine.getByRole('button', { name: t('cart:removeNamed', { name }) }).click();
      const undo = page.getByRole('button', { name: t('cart:undoNamed', { name }) });
      await expect(undo).toBeFocused();
      await expect(page.getByRole('status').filter({ hasText: t('cart:removed', { name }) })).toBeVisible();
      await expectBadge(page, isPhone, 1, t('cart.badge', { count: 1 }));
      await undo.click();
      await expect(firstLine.getByRole('textbox', { name: t('cart:quantityOf', { name }) })).toHaveValue('3');
      await expect(choice).toHaveValue('best');
      await expect(firstLine.getByRole('checkbox', { name: t('substitution.askFirst') })).toBeChecked();
      await expectBadge(page, isPhone, 4, t('cart.badge', { count: 4 }));
      expect((await callApi<CartItem[]>(request, shop, shopper, 'GET', '/api/cart')).length).toBe(2);

      // Removed again and left alone: after a few seconds (the page's clock) it is gone for good.
      const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.status() === 200);
      await firstLine.getByRole('button', { name: t('cart:removeNamed', { name }) }).click();
      await expect(undo).toBeFocused();
      await expectAccessible(page);
      await page.clock.fastForward(UNDO_REMOVE_MS + 100);
      await deleted;
      await expect(undo).toHaveCount(0);
      const left = await callApi<CartItem[]>(request, shop, shopper, 'GET', '/api/cart');
      expect(left.map((l) => l.uuid)).toEqual([second.uuid]);
    },
  );
}

for (const language of LANGUAGES) {
  test(
    `the product page's quantity stops at what can be bought and says so (${language})`,
    paired(language),
    async ({ page, shopper, catalogue, request, shop }) => {
      const [product] = await pick(catalogue, 1);
      await leaveOnly(request, shop, [{ ...product, left: 4 }]);
      const t = textIn(language);
      await signInAs(page, shopper, language);
      await page.goto(`/product/${product.uuid}`);
      const quantity = page.getByRole('textbox', { name: t('catalogue:product.quantity') });
      await expect(page.getByText(t('catalogue:product.limit.onlyLeft', { n: 4 }))).toBeVisible();
      await quantity.fill('5');
      await expect(quantity).toHaveValue('4');
      await expect(page.getByRole('button', { name: t('stepper.increase') })).toBeDisabled();

      await quantity.fill('2');
      await page.getByRole('button', { name: t('catalogue:product.addToCart') }).click();
      await expect(
        page.getByText(t('catalogue:product.limit.onlyLeftInCart', { n: 4, inCart: 2, room: 2 })),
      ).toBeVisible();
      await expect(quantity).toHaveValue('1');
      await quantity.fill('9');
      await expect(quantity).toHaveValue('2');
      await page.getByRole('button', { name: t('catalogue:product.addToCart') }).click();
      await expect(page.getByText(t('catalogue:product.limit.allInCart', { inCart: 4 }))).toBeVisible();
      await expect(page.getByRole('button', { name: t('catalogue:product.addToCart') })).toBeDisabled();
      await expectAccessible(page);
    },
  );
}

for (const language of LANGUAGES) {
  test(
    `"Added · View cart" never covers an add control of the grid, wherever it is scrolled (${language})`,
    paired(language, true),
    async ({ page, shopper, catalogue }) => {
      const category = (await catalogue.categories())[0];
      if (!category) throw new Error('no category');
      const t = textIn(language);
      await signInAs(page, shopper, language);
      await page.goto(`/category/${category.id}`);
      const firstAdd = page.locator('.product-card .add-button').first();
      await firstAdd.click();
      const notice = page.locator('.added-notice');
      await expect(notice).toContainText(t('cart.view'));
      // The whole grid is swept under the notice in one go (layout is read synchronously): at
      // each position, no add button or card stepper in view lies under it.
      const sweep = await page.evaluate(() => {
        const found = { positions: 0, checked: 0, covered: [] as string[], noticeGone: false };
        const controls = () => [
          ...document.querySelectorAll<HTMLElement>(
            '.product-card .add-button, .product-card .stepper button',
          ),
        ];
        for (let y = 0; y <= document.documentElement.scrollHeight; y += 40) {
          window.scrollTo({ top: y, behavior: 'instant' });
          const box = document.querySelector('.added-notice');
          if (!box) {
            found.noticeGone = true;
            break;
          }
          found.positions += 1;
          for (const control of controls()) {
            const r = control.getBoundingClientRect();
            const [x, y2] = [r.left + r.width / 2, r.top + r.height / 2];
            if (r.width === 0 || y2 <= 0 || y2 >= window.innerHeight) continue;
            // Only what the shopper could tap without the notice (not what a bar already hides).
            (box as HTMLElement).style.visibility = 'hidden';
            const bare = document.elementFromPoint(x, y2);
            (box as HTMLElement).style.visibility = '';
            if (!(bare && control.contains(bare))) continue;
            found.checked += 1;
            const top = document.elementFromPoint(x, y2);
            if (!(top && control.contains(top)))
              found.covered.push(`${control.getAttribute('aria-label')} at ${Math.round(r.top)}`);
          }
        }
        return found;
      });
      expect(sweep.noticeGone).toBe(false);
      expect(sweep.positions).toBeGreaterThan(3);
      expect(sweep.checked).toBeGreaterThan(10);
      expect(sweep.covered).toEqual([]);
    },
  );
}
