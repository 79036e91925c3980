import type { Page } from '@playwright/test';
import type { Language } from '#shared/constants';
import type { Banner, Category, ProductPage } from '#shared/schemas/catalogue';
import { minimumSize } from '#shared/schemas/media.rules';
import { photo } from '../helpers/uploads';
import { openConsoleAs, staffSession, test } from './fixtures/admin-shop-server';
import { expect as base, LANGUAGES, text } from './fixtures/shop';

/**
 * The console's categories and home page, in both languages: a manager
 * creates a category with an icon, a banner pointing at a product with a headline, previews it,
 * publishes it, and a shopper sees it on the storefront's home. Desktop-first, as the console.
 */
test.beforeEach(({ isMobile }, testInfo) => {
  test.skip(isMobile || testInfo.project.name !== 'desktop', 'the console is desktop-first');
});
test.describe.configure({ timeout: 300_000 });
// Pictures are resized on upload and passwords hashed: wait for the server's answers longer.
const expect = base.configure({ timeout: 15_000 });

const t = (language: Language, key: string, params: Record<string, string | number> = {}) =>
  text(language, `admin:${key}`, params);

/** A picture of a kind's minimum size, as a file the browser's chooser takes. */
async function pictureOf(kind: 'icon' | 'banner', seed: number) {
  const { width, height } = minimumSize(kind);
  return {
    name: `${kind}.png`,
    mimeType: 'image/png',
    buffer: await photo(width, height, seed).png().toBuffer(),
  };
}

/** Uploads a picture through the ImageField labelled `label` and waits for it to show. */
async function upload(page: Page, label: string, kind: 'icon' | 'banner', seed: number) {
  const field = page.getByRole('group', { name: label });
  await field.locator('input[type=file]').setInputFiles(await pictureOf(kind, seed));
  // The server writes every width the storefront uses before it answers: slow on a busy machine.
  await expect(field.getByRole('img')).toHaveAttribute('src', /\/uploads\/catalogue\/.+\.webp$/, {
    timeout: 60_000,
  });
  return field;
}

for (const language of LANGUAGES) {
  test(`a manager builds a category and a published banner, seen on the home (${language})`, async ({
    page,
    server,
    request,
    browser,
  }) => {
    const manager = await staffSession(request, server, 'manager', `Merch ${language}`);
    await openConsoleAs(page, manager, language);
    const suffix = `${language}${Date.now().toString(36)}`;

    // A category with an icon, at the top level.
    await page.goto('/admin/categories');
    await expect(
      page.getByRole('heading', { level: 1, name: t(language, 'categories.title') }),
    ).toBeVisible();
    await page.getByLabel(t(language, 'categories.enName')).first().fill(`Tea ${suffix}`);
    await page.getByLabel(t(language, 'categories.znName')).first().fill(`茶叶 ${suffix}`);
    await upload(page, t(language, 'categories.icon'), 'icon', 1);
    await page.getByRole('button', { name: t(language, 'categories.create') }).click();
    const tree = page.getByRole('list', { name: t(language, 'categories.treeLabel') });
    await expect(tree.getByText(`Tea ${suffix}`, { exact: true })).toBeVisible();
    const listed = (await (await request.get(`${server.url}/api/product_category`)).json())
      .data as Category[];
    const category = listed.find((c) => c.en_name === `Tea ${suffix}`);
    expect(category?.icon).toMatch(/\/uploads\/catalogue\/.+\.webp$/);

    // A banner pointing at a product found by name, with a headline in both languages.
    const products = (await (await request.get(`${server.url}/api/index_product?page=1&page_size=1`)).json())
      .data as ProductPage;
    const product = products.list[0];
    if (!product) throw new Error('the demo catalogue has no product');
    await page.goto('/admin/home');
    await page.getByRole('button', { name: t(language, 'home.newBanner') }).click();
    await page.getByLabel(t(language, 'home.findProduct')).fill(product.en_name);
    const results = page.getByRole('list', { name: t(language, 'home.productResults') });
    await results
      .getByRole('button', { name: `${t(language, 'home.pick')} ${product.en_name}` })
      .first()
      .click();
    await expect(
      page.getByText(t(language, 'home.chosenProduct', { name: `${product.en_name} · ${product.zn_name}` })),
    ).toBeVisible();
    await upload(page, t(language, 'home.bannerImage'), 'banner', 2);
    const headline = { en: `Fresh ${suffix}`, zn: `新鲜 ${suffix}` };
    await page.getByLabel(t(language, 'home.enHeadline')).fill(headline.en);
    await page.getByLabel(t(language, 'home.znHeadline')).fill(headline.zn);
    await page.getByLabel(t(language, 'home.enCta')).fill('Buy today');
    await page.getByLabel(t(language, 'home.znCta')).fill('今天就买');

    // The preview shows the picture, headline and call to action in both languages before saving.
    const preview = page.getByRole('region', { name: t(language, 'home.preview') }).first();
    await expect(preview.getByText(headline.en)).toBeVisible();
    await expect(preview.getByText(headline.zn)).toBeVisible();
    await expect(preview.getByText('今天就买')).toBeVisible();
    await expect(preview.locator('img').first()).toHaveAttribute('src', /\/uploads\/catalogue\/.+\.webp$/);
    await page.getByRole('button', { name: t(language, 'home.saveDraft') }).click();

    // Saved as a draft: listed with its preview, not on the storefront.
    const row = page.getByRole('listitem').filter({ hasText: headline.en });
    await expect(row.getByText(t(language, 'home.state.draft'))).toBeVisible();
    const shown = async () =>
      ((await (await request.get(`${server.url}/api/index_banners`)).json()).data as Banner[]).some(
        (b) => b.en_headline === headline.en,
      );
    expect(await shown()).toBe(false);

    await row.getByRole('button', { name: `${t(language, 'home.publish')} ${headline.en}` }).click();
    await expect(row.getByText(t(language, 'home.state.showing'))).toBeVisible();
    expect(await shown()).toBe(true);

    // A shopper sees it on the home, in their language.
    const context = await browser.newContext({ baseURL: server.url });
    const shopper = await context.newPage();
    await shopper.addInitScript((lng) => window.localStorage.setItem('lang', lng), language);
    await shopper.goto('/');
    const strip = shopper.locator('.home-banner');
    await expect(strip.getByText(language === 'zh' ? headline.zn : headline.en).first()).toBeAttached();
    // The new banner is last in the strip: its slide is off screen (inert) until the carousel gets there.
    const slide = strip
      .locator('a.banner-link')
      .filter({ hasText: language === 'zh' ? headline.zn : headline.en });
    await expect(slide).toHaveAttribute('href', `/product/${product.uuid}`);
    await expect(slide).toContainText(language === 'zh' ? '今天就买' : 'Buy today');
    await context.close();
  });
}
