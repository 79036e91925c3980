import type { Page } from '@playwright/test';
import type { Language } from '#shared/constants';
import { expect, expectAccessible, LANGUAGES, nameIn, textIn } from './fixtures/shop';
import { callApi, shopperWithCart, signInAs, test } from './fixtures/shopper';

// A shopper is signed up per test, against a shop started per worker, and each walk checks its
// screens with axe: 80 s each on a loaded 2-core machine, so two minutes.
test.describe.configure({ timeout: 120_000 });

/** The cart line's quantity box, whose value is what the line holds. */
const quantityOf = (page: Page, language: Language, item: { en_name: string; zn_name: string }) =>
  page.getByRole('textbox', { name: textIn(language)('cart:quantityOf', { name: nameIn(language, item) }) });

/** Holds the page's `method` requests to `url` until `release`, which lets them (and later ones) through. */
async function holdRequests(page: Page, method: string, url: string): Promise<{ release(): void }> {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    if (route.request().method() === method) await gate;
    await route.continue();
  });
  return { release };
}

for (const language of LANGUAGES) {
  test(`a line set to Replace is ordered so; buy it again from the order and the list (${language})`, async ({
    isPhone,
    page,
    shopper,
    catalogue,
    request,
    shop,
  }) => {
    test.skip(!isPhone, 'a phone walk: the choice has to fit a cart line at 375 px');
    const t = textIn(language);
    const [first, second] = await catalogue.stocked(2);
    if (!second) throw new Error('no stocked products');
    await shopperWithCart(request, shop, shopper, [
      { uuid: first.uuid, amount: 1 },
      { uuid: second.uuid, amount: 2 },
    ]);
    await signInAs(page, shopper, language);

    // Each line starts at the shopper's default (refund); one is switched to Replace and stays so.
    await page.goto('/cart');
    const lineOf = (item: typeof first) =>
      page.getByRole('listitem').filter({ hasText: nameIn(language, item) });
    const choiceOf = (item: typeof first) =>
      lineOf(item).getByRole('combobox', {
        name: t('common:substitution.legend', { name: nameIn(language, item) }),
      });
    const replace = choiceOf(first);
    await expect(replace).toHaveValue('refund', { timeout: 15_000 });
    // The choice shows at once, while the server has not answered yet.
    const answer = await holdRequests(page, 'PATCH', '**/api/cart/*');
    await replace.selectOption('best');
    await expect(replace).toHaveValue('best');
    answer.release();
    await expect
      .poll(async () => {
        const lines = await callApi<{ uuid: string; when_missing: string }[]>(
          request,
          shop,
          shopper,
          'GET',
          '/api/cart',
        );
        return lines.find((l) => l.uuid === first.uuid)?.when_missing;
      })
      .toBe('replace');
    await page.reload();
    await expect(replace).toHaveValue('best', { timeout: 15_000 });
    await expect(choiceOf(second)).toHaveValue('refund');
    // The choice fits the line on a phone: nothing wider than the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);

    await page.getByRole('button', { name: t('cart:submit') }).click();
    await expect(page).toHaveURL(/\/pay\/\d+$/);
    const orderNo = page.url().split('/').pop() ?? '';

    // The order shows each line's choice.
    await page.goto(`/order/${orderNo}`);
    const orderLine = (item: typeof first) =>
      page
        .getByRole('list', { name: t('orders:lines') })
        .getByRole('listitem')
        .filter({ hasText: nameIn(language, item) });
    await expect(orderLine(first)).toContainText(t('orders:whenMissing.replace'), { timeout: 15_000 });
    await expect(orderLine(second)).toContainText(t('orders:whenMissing.refund'));

    // Buy it again from the order: both products go back in the (now empty) cart, as ordered.
    await page.getByRole('button', { name: t('orders:again.button'), exact: true }).click();
    await expect(page.getByText(t('orders:again.added', { count: 2 }))).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: t('orders:again.viewCart') }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(quantityOf(page, language, first)).toHaveValue('1', { timeout: 15_000 });
    await expect(quantityOf(page, language, second)).toHaveValue('2');

    // And from the order list: the same order's products are added once more.
    await page.goto('/profile/orders');
    const card = page.getByRole('listitem').filter({ hasText: orderNo });
    await card.getByRole('button', { name: t('orders:again.buttonNamed', { id: orderNo }) }).click();
    await expect(card.getByText(t('orders:again.added', { count: 2 }))).toBeVisible();
    await card.getByRole('link', { name: t('orders:again.viewCart') }).click();
    await expect(quantityOf(page, language, first)).toHaveValue('2', { timeout: 15_000 });
    await expect(quantityOf(page, language, second)).toHaveValue('4');
  });
}

for (const language of LANGUAGES) {
  test(`the default set in account settings pre-selects each new cart line (${language})`, async ({
    isPhone,
    page,
    shopper,
    catalogue,
    request,
    shop,
  }) => {
    test.skip(!isPhone, 'a phone walk');
    const t = textIn(language);
    const [product] = await catalogue.stocked(1);
    await signInAs(page, shopper, language);
    await page.goto('/profile/settings/account');
    const replace = page.getByRole('radio', { name: t('profile:settings.whenMissingChoice.replace') });
    await expect(
      page.getByRole('radio', { name: t('profile:settings.whenMissingChoice.refund') }),
    ).toBeChecked({
      timeout: 15_000,
    });
    // The choice shows at once; "saved" only once the server has answered.
    const answer = await holdRequests(page, 'PATCH', '**/api/user');
    await replace.check();
    await expect(replace).toBeChecked();
    await expect(page.getByText(t('profile:settings.whenMissingSaved'))).toBeHidden();
    answer.release();
    await expect(page.getByText(t('profile:settings.whenMissingSaved'))).toBeVisible();
    await expectAccessible(page);
    await page.reload();
    await expect(replace).toBeChecked({ timeout: 15_000 });

    await callApi(request, shop, shopper, 'POST', '/api/cart', { uuid: product.uuid, amount: 1 });
    await page.goto('/cart');
    const line = page.getByRole('listitem').filter({ hasText: nameIn(language, product) });
    await expect(
      line.getByRole('combobox', {
        name: t('common:substitution.legend', { name: nameIn(language, product) }),
      }),
    ).toHaveValue('best', { timeout: 15_000 });
  });
}
