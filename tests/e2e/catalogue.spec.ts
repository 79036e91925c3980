import { chooseLanguage, expect, LANGUAGES, nameIn, paired, price, test, text } from './fixtures/shop';

const ALL = 'page=1&page_size=10000';

for (const lang of LANGUAGES) {
  test(
    `${lang}: categories → a child category → back to the parent through the panel`,
    paired(lang),
    async ({ page, catalogue }) => {
      const parent = (await catalogue.categories()).find((c) => c.childCategory.length > 1);
      const child = parent?.childCategory[1];
      if (!parent || !child) throw new Error('the catalogue needs a category with children');
      const [parentList, childList] = await Promise.all([
        catalogue.products(`category_id=${parent.id}&${ALL}`),
        catalogue.products(`category_id=${child.id}&${ALL}`),
      ]);
      await chooseLanguage(page, lang);
      await page.goto('/categories');
      const card = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: nameIn(lang, parent), exact: true }) });
      await expect(card.locator('img')).toHaveCount(1);
      await card.getByRole('link', { name: nameIn(lang, child), exact: true }).click();

      await expect(page).toHaveURL(`/category/${parent.id}/${child.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(nameIn(lang, child));
      await expect(
        page.getByText(text(lang, 'catalogue:itemCount', { count: childList.total })),
      ).toBeVisible();
      await expect(page.getByRole('article')).toHaveCount(childList.list.length);

      const toggle = page.getByRole('button', {
        name: text(lang, 'catalogue:category.switch', { name: nameIn(lang, child) }),
      });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const panel = page.getByRole('navigation', { name: text(lang, 'catalogue:category.subcategories') });
      await expect(panel.getByRole('link')).toHaveCount(parent.childCategory.length + 1);
      await expect(panel.getByRole('link', { name: nameIn(lang, child) })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await panel.getByRole('link', { name: text(lang, 'catalogue:category.all'), exact: true }).click();

      await expect(page).toHaveURL(`/category/${parent.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(nameIn(lang, parent));
      await expect(
        page.getByText(text(lang, 'catalogue:itemCount', { count: parentList.total })),
      ).toBeVisible();
      await expect(page.getByRole('article')).toHaveCount(parentList.list.length);
    },
  );
}

test('see-all goes to the parent; add-to-cart sends a visitor to /account; sold out cannot be added', async ({
  page,
  catalogue,
}) => {
  const all = await catalogue.products(ALL);
  const soldOut = all.list.find((p) => p.real_stock < 1);
  if (!soldOut) throw new Error('the catalogue needs a sold-out product');
  const categories = await catalogue.categories();
  const parent = categories.find(
    (c) => c.id === soldOut.category_id || c.childCategory.some((k) => k.id === soldOut.category_id),
  );
  if (!parent) throw new Error('no parent for the sold-out product');
  await page.goto('/categories');
  await page
    .getByRole('link', { name: `${text('en', 'catalogue:categories.seeAll')} ${parent.en_name}` })
    .click();
  await expect(page).toHaveURL(`/category/${parent.id}`);

  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: soldOut.en_name, exact: true }) });
  await expect(
    card.getByRole('button', { name: text('en', 'product.addNamed', { name: soldOut.en_name }) }),
  ).toBeDisabled();
  await expect(card.getByText(text('en', 'product.soldOut'))).toBeVisible();

  const inStock = page
    .getByRole('article')
    .filter({ has: page.getByRole('button', { disabled: false }) })
    .first();
  await inStock.getByRole('button').click();
  await expect(page).toHaveURL(/\/account$/);
});

for (const lang of LANGUAGES) {
  test(
    `${lang}: a promotion shows its ad and the promotion prices with the regular ones struck`,
    paired(lang, true),
    async ({ page, catalogue }) => {
      const promoBanner = (await catalogue.banners()).find((b) => b.type === 3);
      const id = promoBanner?.url ?? '1';
      const [promotion, list] = await Promise.all([
        catalogue.promotion(id),
        catalogue.products(`promotion_plan=${id}&${ALL}`),
      ]);
      await chooseLanguage(page, lang);
      await page.goto(`/promotion/${id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(nameIn(lang, promotion));
      await expect(page.getByRole('img', { name: nameIn(lang, promotion) })).toBeVisible();
      await expect(page.getByRole('article')).toHaveCount(list.list.length);
      for (const product of list.list.slice(0, 4)) {
        const card = page
          .getByRole('article')
          .filter({ has: page.getByRole('heading', { name: nameIn(lang, product), exact: true }) });
        if (promotion.active && product.promotion_price !== null && product.promotion_price < product.price) {
          await expect(card.locator('.price.is-promo')).toHaveText(price(product.promotion_price));
          await expect(card.locator('s')).toContainText(price(product.price));
          await expect(card.locator('s')).toHaveCSS('text-decoration-line', 'line-through');
        } else {
          await expect(card.locator('.price')).toHaveText(price(product.price));
        }
      }
    },
  );
}

test('an unknown category, promotion or product shows the not-found state', async ({ page }) => {
  const paths = ['/category/999999', '/category/1/999999', '/category/abc', '/promotion/999999'];
  for (const path of [...paths, '/product/not-a-uuid', '/product/00000000-0000-4000-8000-000000000000']) {
    await page.goto(path);
    await expect(page.getByText(text('en', 'error.notFound')), path).toBeVisible();
  }
});
