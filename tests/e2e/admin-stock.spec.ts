import type { Page } from '@playwright/test';
import type { Language } from '#shared/constants';
import { staffSignedIn, test } from './fixtures/admin-orders';
import { chooseLanguage, expect, expectAccessible, LANGUAGES, nameIn, text } from './fixtures/shop';

/** The operator console is desktop-first (admin-console.spec.ts): these run on the desktop project. */
test.beforeEach(({ isMobile }, testInfo) => {
  test.skip(isMobile || testInfo.project.name !== 'desktop', 'the console is desktop-first');
  // One long walk: sign-in, two saves, the storefront twice, the product's page.
  test.setTimeout(240_000);
});

const tIn =
  (language: Language) =>
  (key: string, params: Record<string, string | number> = {}) =>
    text(language, `admin:stock.${key}`, params);

/** The grid's row of the product whose name links to its stock page. */
const rowOf = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });

/**
 * The storefront's product page as a new shopper sees it (a fresh browser, so no answer the browser
 * kept for its 15 s cache lifetime), opened again until it shows `shown`: the server applies a
 * stock change to its catalogue within a fraction of a second, not at once.
 */
async function storefrontShows(page: Page, baseURL: string, language: Language, uuid: string, shown: string) {
  const browser = page.context().browser();
  if (!browser) throw new Error('no browser');
  await expect(async () => {
    const context = await browser.newContext({ baseURL });
    try {
      const shop = await context.newPage();
      await chooseLanguage(shop, language);
      await shop.goto(`/product/${uuid}`);
      await expect(shop.getByText(shown, { exact: true })).toBeVisible({ timeout: 5_000 });
      if (shown !== text(language, 'catalogue:product.outOfStock'))
        await expect(
          shop.getByText(text(language, 'catalogue:product.outOfStock'), { exact: true }),
        ).toHaveCount(0);
    } finally {
      await context.close();
    }
  }).toPass({ timeout: 15_000 });
}

for (const language of LANGUAGES) {
  const t = tIn(language);

  test(`${language}: a manager counts a product out, receives it on the grid, the storefront sells it again, and its movements say who and why`, async ({
    page,
    server,
    catalogue,
  }) => {
    // One product per language: both tests may share a worker's shop.
    const stocked = await catalogue.stocked(2);
    const product = stocked[language === 'en' ? 0 : 1] ?? stocked[0];
    const name = nameIn(language, product);
    const { email } = await staffSignedIn(page, server, 'manager', language);
    const who = email.split('@')[0] ?? email;

    await page
      .getByRole('navigation')
      .getByRole('link', { name: t('title') })
      .click();
    await expect(page).toHaveURL(/\/admin\/stock$/);
    await expect(page.getByRole('heading', { level: 1, name: t('title') })).toBeVisible();
    await page.getByLabel(t('filters.search'), { exact: true }).fill(name);
    await page.getByRole('button', { name: t('filters.apply') }).click();
    const row = rowOf(page, name);
    await expect(row).toBeVisible();
    await expectAccessible(page);

    // The shelf turns out to be empty: a count of 0.
    await row.getByLabel(t('grid.newCountOf', { name })).fill('0');
    await page.getByRole('button', { name: t('grid.save') }).click();
    await expect(page.getByText(t('grid.saved', { count: 1 }))).toBeVisible();
    await expect(row.getByText(t('state.out'))).toBeVisible();
    await storefrontShows(
      page,
      server.url,
      language,
      product.uuid,
      text(language, 'catalogue:product.outOfStock'),
    );

    // Out-of-stock filter; a bad amount is refused on its row, nothing saved.
    await page.getByLabel(t('filters.filter')).selectOption('out');
    await page.getByRole('button', { name: t('filters.apply') }).click();
    await expect(page).toHaveURL(/filter=out/);
    await expect(row).toBeVisible();
    const received = row.getByLabel(t('grid.receivedOf', { name }));
    await received.fill('-3');
    await page.getByRole('button', { name: t('grid.save') }).click();
    await expect(row.getByText(t('problems.quantity'))).toBeVisible();
    await expect(page.getByText(t('grid.rowProblems'))).toBeVisible();

    // A delivery of 12 arrives.
    await received.fill('12');
    await page.getByRole('button', { name: t('grid.save') }).click();
    await expect(page.getByText(t('grid.saved', { count: 1 }))).toBeVisible();
    await expect(row.getByText(t('problems.quantity'))).toHaveCount(0);
    await storefrontShows(
      page,
      server.url,
      language,
      product.uuid,
      text(language, 'catalogue:product.stock', { count: 12 }),
    );

    // Back in stock, it has left the out-of-stock list; all products show it again.
    await expect(row).toHaveCount(0);
    await page.getByLabel(t('filters.filter')).selectOption('');
    await page.getByRole('button', { name: t('filters.apply') }).click();

    // The product's stock page lists both movements, newest first, with who and why.
    await page.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const movements = page.getByRole('table', { name: t('movements.title') }).getByRole('row');
    await expect(movements).toHaveCount(3);
    await expect(movements.nth(1)).toContainText(t('reasons.received'));
    await expect(movements.nth(1)).toContainText('+12');
    await expect(movements.nth(1)).toContainText(who);
    await expect(movements.nth(2)).toContainText(t('reasons.count'));
    await expect(movements.nth(2)).toContainText(`−${product.real_stock}`);
    await expect(movements.nth(2)).toContainText(who);
    await expectAccessible(page);

    // The panel writes off a damaged unit with a note; the list shows it first.
    await page.getByLabel(t('fields.reason')).selectOption('damaged');
    await page.getByLabel(t('quantity.damaged')).fill('1');
    await page.getByLabel(t('fields.note')).fill('crushed box');
    await page.getByRole('button', { name: t('panel.save') }).click();
    await expect(page.getByText(t('panel.saved'))).toBeVisible();
    await expect(movements).toHaveCount(4);
    await expect(movements.nth(1)).toContainText('−1');
    await expect(movements.nth(1)).toContainText('crushed box');
    await expect(page.getByRole('definition').first()).toHaveText('11');
  });
}
