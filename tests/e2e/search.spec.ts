import { chooseLanguage, expect, LANGUAGES, nameIn, test, text } from './fixtures/shop';

/** One box for both languages (docs/architecture.md §5): English words, Chinese characters and pinyin. */
const HITS = ['apple', '苹果', 'pingguo'];
const MISS = 'zzqxqzz';

for (const lang of LANGUAGES) {
  test(`${lang}: search finds English, Chinese and pinyin terms under 'Searching For'; a miss says not found`, async ({
    page,
    catalogue,
  }) => {
    await chooseLanguage(page, lang);
    await page.goto('/search');
    const box = page.getByRole('searchbox', { name: text(lang, 'search:label') });
    const submit = page.getByRole('button', { name: text(lang, 'search:submit'), exact: true });
    const heading = page.getByRole('heading', { level: 2 });
    for (const term of HITS) {
      const expected = await catalogue.products(
        `en_search=${encodeURIComponent(term)}&page=1&page_size=10000`,
      );
      const best = expected.list[0];
      if (!best) throw new Error(`the catalogue should find ${term}`);
      await box.fill(term);
      await submit.click();
      await expect(page).toHaveURL(`/search?q=${encodeURIComponent(term)}`);
      await expect(heading).toHaveText(`${text(lang, 'search:searchingFor')} ${term}`);
      await expect(page.getByRole('article')).toHaveCount(expected.list.length);
      await expect(page.getByRole('article').first()).toContainText(nameIn(lang, best));
    }
    await box.fill(MISS);
    await box.press('Enter');
    await expect(heading).toHaveText(`${text(lang, 'search:searchingFor')} ${MISS}`);
    await expect(page.getByText(text(lang, 'error.notFound'))).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
    if (lang === 'en') {
      // The spec's own English texts.
      await expect(page.getByRole('heading', { name: `Searching For ${MISS}` })).toBeVisible();
      await expect(page.getByText("Couldn't found what you are looking for...")).toBeVisible();
    }
  });
}
