import {
  chooseLanguage,
  expect,
  expectAccessible,
  LANGUAGES,
  nameIn,
  paired,
  test,
  text,
} from './fixtures/shop';

/** One box for both languages (docs/architecture.md §5): English words, Chinese characters and pinyin. */
const HITS = ['apple', '苹果', 'pingguo'];
const MISS = 'zzqxqzz';

for (const lang of LANGUAGES) {
  test(
    `${lang}: search finds English, Chinese and pinyin terms under a heading with their count; a miss says not found`,
    paired(lang),
    async ({ page, catalogue }) => {
      await chooseLanguage(page, lang);
      await page.goto('/search');
      const box = page.getByRole('searchbox', { name: text(lang, 'search:label') });
      const submit = page.getByRole('button', { name: text(lang, 'search:submit'), exact: true });
      // The results heading; the empty page's own headings (popular searches, categories) are not it.
      const heading = (count: number, term: string) =>
        page.getByRole('heading', { level: 2, name: text(lang, 'search:resultsFor', { count, term }) });
      for (const term of HITS) {
        const expected = await catalogue.products(
          `en_search=${encodeURIComponent(term)}&page=1&page_size=10000`,
        );
        const best = expected.list[0];
        if (!best) throw new Error(`the catalogue should find ${term}`);
        await box.fill(term);
        await submit.click();
        await expect(page).toHaveURL(`/search?q=${encodeURIComponent(term)}`);
        await expect(heading(expected.list.length, term)).toBeVisible();
        await expect(page.getByRole('article')).toHaveCount(expected.list.length);
        await expect(page.getByRole('article').first()).toContainText(nameIn(lang, best));
      }
      await box.fill(MISS);
      await box.press('Enter');
      await expect(heading(0, MISS)).toBeVisible();
      await expect(page.getByText(text(lang, 'error.notFound'))).toBeVisible();
      // No results: only the shop's best sellers, offered under their own heading.
      await expect(page.getByRole('list', { name: MISS })).toHaveCount(0);
      const popular = page.getByRole('region', { name: text(lang, 'search:popularNow') });
      await expect(popular.getByRole('article')).toHaveCount(4);
      await expect(page.getByRole('article')).toHaveCount(4);
      if (lang === 'en') {
        // The spec's own English texts ('Searching For' names the page while it searches).
        await expect(page).toHaveTitle(new RegExp(`^Searching For ${MISS}`));
        await expect(page.getByText("Couldn't found what you are looking for...")).toBeVisible();
      }
    },
  );
}

// A product named by the query comes before products only its category names, and
// those do not flood the results; the heading counts; one search box; suggestions before a search.
for (const lang of LANGUAGES) {
  test(
    `${lang}: "apple" / "苹果" finds the apples, not the pears of "Apples & Pears"; the heading says how many`,
    paired(lang, true),
    async ({ page }) => {
      await chooseLanguage(page, lang);
      for (const term of ['apple', '苹果']) {
        await page.goto(`/search?q=${encodeURIComponent(term)}`);
        const cards = page.getByRole('article');
        await expect(cards.first()).toBeVisible();
        const count = await cards.count();
        expect(count).toBeGreaterThan(0);
        for (const name of await cards.getByRole('heading').allTextContents()) {
          expect(name, `${term} found ${name}`).not.toMatch(/pear|梨/i);
        }
        await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(
          text(lang, 'search:resultsFor', { count, term }),
        );
        const first = await cards.first().getByRole('heading').textContent();
        expect(first).toMatch(lang === 'zh' ? /苹果/ : /apple/i);
      }
    },
  );

  test(`${lang}: the empty search page offers popular searches and categories, with one search box`, async ({
    page,
    catalogue,
    isPhone,
  }) => {
    await chooseLanguage(page, lang);
    await page.goto('/search');
    await expect(page.getByRole('searchbox')).toHaveCount(1);
    if (!isPhone)
      await expect(page.getByRole('link', { name: text(lang, 'search.placeholder') })).toHaveCount(0);
    const popular = page.getByRole('region', { name: text(lang, 'search:popular') });
    const categories = page.getByRole('region', { name: text(lang, 'search:categories') });
    const top = (await catalogue.categories())[0];
    if (!top) throw new Error('no category');
    await expect(categories.getByRole('link', { name: nameIn(lang, top), exact: true })).toBeVisible();
    await expectAccessible(page);
    const term = text(lang, 'search:popularTerms').split(',')[0] ?? '';
    await popular.getByRole('link', { name: term, exact: true }).click();
    await expect(page).toHaveURL(`/search?q=${encodeURIComponent(term)}`);
    await expect(page.getByRole('article').first()).toBeVisible();
    const count = await page.getByRole('article').count();
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(
      text(lang, 'search:resultsFor', { count, term }),
    );
  });
}

// Search that forgives (docs/product.md §2): everyday names through the shop's synonyms, typos,
// and on an empty result a "did you mean" and the best sellers of the nearest category.
for (const lang of LANGUAGES) {
  test(
    `${lang}: 青菜 finds bok choy, "bananna" finds bananas, an empty result suggests a search and products`,
    paired(lang),
    async ({ page, catalogue }) => {
      await chooseLanguage(page, lang);
      const first = async (q: string) => {
        const found = (await catalogue.products(`en_search=${encodeURIComponent(q)}&page=1&page_size=5`))
          .list[0];
        if (!found) throw new Error(`the catalogue should find ${q}`);
        return found;
      };
      // A card by its own name: 香蕉 is in 香蕉牛奶 too.
      const named = (product: { en_name: string; zn_name: string }) =>
        page.getByRole('article').filter({
          has: page.getByRole('heading', { name: nameIn(lang, product), exact: true }),
        });
      const bokChoy = await first('上海青');
      const bananas = await first('bananas');
      await page.goto(`/search?q=${encodeURIComponent('青菜')}`);
      await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toContainText('青菜');
      await expect(named(bokChoy)).toHaveCount(1);

      await page.goto('/search?q=bananna');
      await expect(page.getByRole('article').first()).toBeVisible();
      await expect(named(bananas)).toHaveCount(1);
      if (lang === 'en')
        await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toContainText(
          'Searching For',
        );

      await page.goto('/search?q=bnaanna');
      await expect(page.getByText(text(lang, 'error.notFound'))).toBeVisible();
      const suggestion = page.getByRole('link', { name: 'banana', exact: true });
      await expect(page.getByText(text(lang, 'search:didYouMean'))).toBeVisible();
      await expect(suggestion).toBeVisible();
      const popular = page.getByRole('region', {
        name: new RegExp(text(lang, 'search:popularIn', { category: '.+' })),
      });
      await expect(popular.getByRole('article').first()).toBeVisible();
      await expectAccessible(page);
      await suggestion.click();
      await expect(page).toHaveURL('/search?q=banana');
      await expect(named(bananas)).toHaveCount(1);
    },
  );
}
