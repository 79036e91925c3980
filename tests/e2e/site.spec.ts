import { INFO_PAGES as INFO } from '#shared/schemas/site.rules';
import {
  chooseLanguage,
  expect,
  expectAccessible,
  LANGUAGES,
  nameIn,
  price,
  test,
  text,
} from './fixtures/shop';

for (const lang of LANGUAGES) {
  test(`${lang}: the footer's links open the shop's pages, each with its text and title`, async ({
    page,
    isPhone,
  }) => {
    test.setTimeout(60_000); // five pages and axe on a busy 2-core machine
    await chooseLanguage(page, lang);
    await page.goto('/home');
    const footer = page.getByRole('contentinfo');
    await footer.scrollIntoViewIfNeeded();
    await expect(footer).toBeVisible();
    for (const mark of ['visa', 'mastercard', 'amex', 'discover', 'wechat', 'alipay']) {
      await expect(footer.getByRole('img', { name: text(lang, `site:payment.${mark}`) })).toBeVisible();
    }
    for (const { path, key } of INFO) {
      const links = page.getByRole('navigation', { name: text(lang, 'site:footer.label') });
      await links.getByRole('link', { name: text(lang, `site:pages.${key}`), exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lang, `site:pages.${key}`));
      await expect(page.getByText(text(lang, `info:${key}.paragraphs.0`))).toBeVisible();
      await expect(page).toHaveTitle(`${text(lang, `site:pages.${key}`)} · ${text(lang, 'title')}`);
      // The info pages end with the footer on phones too.
      await expect(page.getByRole('contentinfo')).toBeVisible();
    }
    await expectAccessible(page);
    if (isPhone) {
      // A page that ends with a form or a button has no footer on phones.
      await page.goto('/cart');
      await expect(page.getByRole('contentinfo')).toBeHidden();
    }
  });

  test(`${lang}: the title and description follow client navigation`, async ({ page, catalogue }) => {
    await chooseLanguage(page, lang);
    await page.goto('/home');
    await expect(page).toHaveTitle(text(lang, 'title'));
    const [category] = await catalogue.categories();
    if (!category) throw new Error('the demo catalogue has categories');
    await page.goto(`/category/${category.id}`);
    await expect(page).toHaveTitle(`${nameIn(lang, category)} · ${text(lang, 'title')}`);
    const first = page.locator('.product-card a').first();
    const href = (await first.getAttribute('href')) ?? '';
    const product = await catalogue.product(href.split('/').pop() ?? '');
    await first.click();
    await expect(page).toHaveURL(new RegExp(`/product/${product.uuid}$`));
    await expect(page).toHaveTitle(`${nameIn(lang, product)} · ${text(lang, 'title')}`);
    await page.goBack();
    await expect(page).toHaveTitle(`${nameIn(lang, category)} · ${text(lang, 'title')}`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      text(lang, 'site:description'),
    );
    // The server's own head for a pasted product link: name, price and picture.
    const html = await (await page.request.get(`/product/${product.uuid}?lang=${lang}`)).text();
    expect(html).toContain(
      `<meta property="og:title" content="${nameIn(lang, product)} · ${text(lang, 'title')}">`,
    );
    expect(html).toContain(
      `<meta property="product:price:amount" content="${(product.promotion_price ?? product.price).toFixed(2)}">`,
    );
    expect(html).toContain(price(product.promotion_price ?? product.price));
  });

  test(`${lang}: coupons, notifications, returns and reviews say what will appear and what to do`, async ({
    page,
  }) => {
    test.setTimeout(60_000); // axe takes seconds per page on a busy 2-core machine
    await chooseLanguage(page, lang);
    await page.goto('/profile/coupons');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lang, 'profile:menu.coupons'));
    await expect(page.getByText(text(lang, 'info:coupons.title'))).toBeVisible();
    await expect(page.getByText(text(lang, 'info:coupons.hint'))).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: text(lang, 'info:coupons.promotions') }).click();
    await expect(page).toHaveURL(/\/promotions$/);

    for (const [key, link, to] of [
      // A visitor's orders page asks to sign in first.
      ['notifications', 'info:notifications.orders', '/account'],
      ['returns', 'info:returns.policy', '/returns-policy'],
      ['reviews', 'info:reviews.shop', '/categories'],
    ] as const) {
      await page.goto(`/profile/${key}`);
      await expect(page.getByText(text(lang, `info:${key}.hint`))).toBeVisible();
      await page
        .getByRole('main')
        .getByRole('link', { name: text(lang, link), exact: true })
        .click();
      await expect(page).toHaveURL(new RegExp(`${to}$`));
    }
  });
}

test('a ?lang=zh link opens the shop in Chinese and keeps the choice', async ({ page }) => {
  await page.goto('/about?lang=zh');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('zh', 'site:pages.about'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
  await expect(page).toHaveURL(/\/about$/);
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('zh');
  await page.goto('/home');
  await expect(page).toHaveTitle(text('zh', 'title'));
});
