import type { Page } from '@playwright/test';
import type { Language } from '#shared/constants';
import { openConsoleAs, staffSession, test } from './fixtures/admin-shop-server';
import { expect as base, expectAccessible, LANGUAGES, text } from './fixtures/shop';

/**
 * The console's product CSV and Searches pages, in both languages: a dry
 * run names the bad row, the fixed file imports and the product is in the console; a search that
 * found nothing becomes an alias and then finds its product in the storefront. Desktop-first.
 */
test.beforeEach(({ isMobile }, testInfo) => {
  test.skip(isMobile || testInfo.project.name !== 'desktop', 'the console is desktop-first');
});
test.describe.configure({ timeout: 120_000 });
const expect = base.configure({ timeout: 15_000 });

const t = (language: Language, key: string, params: Record<string, string | number> = {}) =>
  text(language, `admin:${key}`, params);
const e = (language: Language, key: string, params: Record<string, string | number> = {}) =>
  text(language, `errors:catalogueAdmin.import.${key}`, params);

const HEADER = 'uuid,key,category,en_name,zn_name,en_number,zn_number,price,real_stock,published';

async function chooseCsv(page: Page, language: Language, csv: string) {
  await page
    .getByLabel(t(language, 'import.file.choose'), { exact: true })
    .setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
}

for (const language of LANGUAGES) {
  test.describe(`console import and searches (${language})`, () => {
    test('a dry run shows the bad row; once fixed, the file imports and the product is in the console', async ({
      page,
      request,
      server,
    }) => {
      const manager = await staffSession(request, server, 'manager', `Mina ${language}`);
      const key = `e2e-kale-${language}-${Date.now().toString(36)}`;
      const name = `Curly Kale ${language} ${Date.now().toString(36)}`;
      const row = (price: string) => `,${key},leafy-greens,${name},卷叶羽衣甘蓝,bunch,把,${price},12,no`;
      await openConsoleAs(page, manager, language);
      await page.goto('/admin/import');
      await expect(page.getByRole('heading', { name: t(language, 'import.title'), level: 1 })).toBeVisible();

      await chooseCsv(page, language, `${HEADER}\n${row('abc')}\n`);
      await page.getByRole('button', { name: t(language, 'import.file.check'), exact: true }).click();
      const errors = page.getByRole('table', { name: t(language, 'import.report.errors', { count: 1 }) });
      await expect(errors.getByRole('row').nth(1)).toContainText(e(language, 'badPrice'));
      await expect(errors.getByRole('row').nth(1)).toContainText('price');
      await expect(
        page.getByRole('button', { name: t(language, 'import.file.import'), exact: true }),
      ).toBeDisabled();
      await expectAccessible(page);

      await chooseCsv(page, language, `${HEADER}\r\n${row('4.25')}\r\n`);
      await page.getByRole('button', { name: t(language, 'import.file.check'), exact: true }).click();
      const changes = page.getByRole('table', { name: t(language, 'import.report.changes') });
      await expect(changes).toContainText(t(language, 'import.report.create'));
      await page.getByRole('button', { name: t(language, 'import.file.import'), exact: true }).click();
      await expect(page.getByText(t(language, 'import.done', { created: 1, updated: 0 }))).toBeVisible();

      await page.getByRole('link', { name: t(language, 'import.toProducts') }).click();
      await expect(page).toHaveURL(/\/admin\/products$/);
      await page.goto(`/admin/products?q=${encodeURIComponent(name)}`);
      await expect(page.getByRole('link', { name })).toBeVisible();
    });

    test('a search that found nothing becomes an alias in one step, and the storefront then finds the product by it', async ({
      page,
      request,
      server,
    }) => {
      const term = language === 'en' ? 'tat soi' : '塌棵菜';
      const miss = await request.get(`/api/index_product?en_search=${encodeURIComponent(term)}`, {
        headers: { 'accept-language': language },
      });
      expect((await miss.json()).data.total).toBe(0);
      const owner = await staffSession(request, server, 'manager', `Sam ${language}`);
      await openConsoleAs(page, owner, language);
      await page.goto('/admin/searches');
      await expect(
        page.getByRole('heading', { name: t(language, 'searches.title'), level: 1 }),
      ).toBeVisible();
      const table = page.getByRole('table', { name: t(language, `searches.in.${language}`) });
      const line = table.getByRole('row').filter({ hasText: term });
      await expect(line).toBeVisible();
      await expectAccessible(page);
      await line.getByRole('button', { name: t(language, 'searches.addAliasFor', { term }) }).click();
      await line
        .getByRole('searchbox', { name: t(language, 'searches.picker.label', { term }) })
        .fill('上海青');
      const productName = language === 'en' ? 'Shanghai Bok Choy' : '上海青';
      await line
        .getByRole('button', { name: t(language, 'searches.picker.addTo', { term, name: productName }) })
        .click();
      await expect(page.getByText(t(language, 'searches.added', { term, name: productName }))).toBeVisible();
      await expect(table.getByRole('row').filter({ hasText: term })).toHaveCount(0);

      await page.addInitScript((lng) => window.localStorage.setItem('lang', lng), language);
      await page.goto(`/search?q=${encodeURIComponent(term)}`);
      await expect(page.getByRole('article').first()).toContainText(productName);
    });
  });
}
