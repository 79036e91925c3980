import {
  chooseLanguage,
  expect,
  isPack,
  LANGUAGES,
  nameIn,
  paired,
  price,
  test,
  text,
} from './fixtures/shop';

const ALL = 'page=1&page_size=10000';
/** The text the page shows for `html`: paragraphs run on as in textContent ("离不开。把葱根"). */
const plain = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

for (const lang of LANGUAGES) {
  test(
    `${lang}: product detail shows every field of docs/product.md §2`,
    paired(lang, true),
    async ({ page, catalogue, isPhone }) => {
      const list = await catalogue.products(`most_sold=true&${ALL}`);
      const card = list.list.find((p) => isPack(p) && p.real_stock > 0 && p.promotion_price === null);
      if (!card) throw new Error('no product in stock');
      const product = await catalogue.product(card.uuid);
      const zh = lang === 'zh';
      await chooseLanguage(page, lang);
      await page.goto(`/product/${product.uuid}`);

      await expect(page.getByRole('heading', { level: 1 })).toHaveText(nameIn(lang, product));
      const category = page.getByRole('link', {
        name: zh ? product.category_zn_name : product.category_en_name,
      });
      await expect(category).toBeVisible();
      await expect(page.locator('.product-price')).toContainText(price(product.price));
      await expect(page.locator('.product-price')).toContainText(zh ? product.zn_number : product.en_number);
      await expect(
        page.getByText(text(lang, 'catalogue:product.sold', { count: product.sold_count })),
      ).toBeVisible();
      await expect(
        page.getByText(text(lang, 'catalogue:product.stock', { count: product.real_stock })),
      ).toBeVisible();

      const specs: [string, string][] = [
        ['brand', zh ? product.brand_zn_name : product.brand_en_name],
        ['boxGauge', product.number],
        ['weight', zh ? product.zn_weight : product.en_weight],
        [
          'netWeight',
          product.net_weight ? text(lang, 'catalogue:product.grams', { count: product.net_weight }) : '',
        ],
        ['shelfLife', product.term ? text(lang, 'catalogue:product.days', { count: product.term }) : ''],
      ];
      for (const [key, value] of specs) {
        const label = page.getByText(text(lang, `catalogue:product.${key}`), { exact: true });
        const row = page.locator('.spec-row').filter({ has: label });
        // An unset field has no row (never "0 g").
        if (value === '') await expect(row).toHaveCount(0);
        else await expect(row.locator('dd')).toHaveText(value);
      }
      const description = plain(zh ? product.zn_describe : product.en_describe);
      await expect(page.locator('.rich-text')).toContainText(description.slice(0, 30));

      await expect(
        page.getByRole('button', { name: text(lang, 'catalogue:product.favourite') }),
      ).toBeDisabled();
      await expect(page.getByRole('button', { name: text(lang, 'catalogue:product.share') })).toBeDisabled();

      const images = product.images.length;
      if (isPhone) {
        await expect(
          page.getByRole('region', { name: text(lang, 'catalogue:product.images') }),
        ).toBeVisible();
      } else if (images > 1) {
        const thumbs = page
          .getByRole('list', { name: text(lang, 'catalogue:product.images') })
          .getByRole('button');
        await expect(thumbs).toHaveCount(images);
        await thumbs.nth(1).click();
        await expect(thumbs.nth(1)).toHaveAttribute('aria-pressed', 'true');
      }

      await category.click();
      const expected =
        product.parent_category_id === null
          ? `/category/${product.category_id}`
          : `/category/${product.parent_category_id}/${product.category_id}`;
      await expect(page).toHaveURL(expected);
    },
  );
}

test('quantity stays within 1–100 and add-to-cart sends a visitor to /account', async ({
  page,
  catalogue,
}) => {
  const card = (await catalogue.products(`most_sold=true&${ALL}`)).list.find(
    (p) => isPack(p) && p.real_stock > 0,
  );
  if (!card) throw new Error('no product in stock');
  await page.goto(`/product/${card.uuid}`);
  const quantity = page.getByRole('textbox', { name: text('en', 'catalogue:product.quantity') });
  const less = page.getByRole('button', { name: text('en', 'stepper.decrease') });
  const more = page.getByRole('button', { name: text('en', 'stepper.increase') });
  await expect(quantity).toHaveValue('1');
  await expect(less).toBeDisabled();
  await more.click();
  await expect(quantity).toHaveValue('2');
  await quantity.fill('150');
  await expect(quantity).toHaveValue('100');
  await expect(more).toBeDisabled();
  await quantity.fill('abc');
  await expect(quantity).toHaveValue('1');
  await page.getByRole('button', { name: text('en', 'catalogue:product.addToCart') }).click();
  await expect(page).toHaveURL(/\/account$/);
});

test('out of stock: no quantity and no add-to-cart', async ({ page, catalogue }) => {
  const soldOut = (await catalogue.products(ALL)).list.find((p) => p.real_stock < 1);
  if (!soldOut) throw new Error('the catalogue needs a sold-out product');
  await page.goto(`/product/${soldOut.uuid}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(soldOut.en_name);
  await expect(page.getByText(text('en', 'catalogue:product.outOfStock'))).toBeVisible();
  await expect(page.getByRole('textbox', { name: text('en', 'catalogue:product.quantity') })).toHaveCount(0);
  await expect(page.getByRole('button', { name: text('en', 'catalogue:product.addToCart') })).toHaveCount(0);
});

test('a promotion price shows in red with the regular price struck', async ({ page, catalogue }) => {
  const onSale = (await catalogue.products(ALL)).list.find((p) => p.promotion_price !== null);
  test.skip(!onSale, 'no product on a running promotion');
  if (!onSale?.promotion_price) return;
  await page.goto(`/product/${onSale.uuid}`);
  await expect(page.locator('.product-price .is-promo')).toHaveText(price(onSale.promotion_price));
  await expect(page.locator('.product-price s')).toContainText(price(onSale.price));
});

test('the description is sanitized: no script runs, no handler or foreign element survives', async ({
  page,
  catalogue,
}) => {
  const card = (await catalogue.products(ALL)).list[0];
  if (!card) throw new Error('empty catalogue');
  const product = await catalogue.product(card.uuid);
  const evil =
    '<p>Safe <strong>bold</strong></p><img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>' +
    '<a href="javascript:window.__pwned=3">link</a><iframe src="/"></iframe><p onclick="window.__pwned=4">end</p>';
  await page.route(`**/api/index_product/${card.uuid}`, (route) =>
    route.fulfill({ json: { code: 200, message: 'ok', data: { ...product, en_describe: evil } } }),
  );
  await page.goto(`/product/${card.uuid}`);
  const description = page.locator('.rich-text');
  await expect(description).toContainText('Safe bold');
  await expect(description.locator('strong')).toHaveText('bold');
  await expect(description.locator('img, script, a, iframe, [onclick]')).toHaveCount(0);
  await expect(description).toContainText('link');
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
});
