import type { Language } from '#shared/constants';
import { type Catalogue, chooseLanguage, expect, expectAccessible, test } from './fixtures/shop';

/** Every kind of screen a visitor can reach; Chinese re-checks the two with the most varied content. */
const SCREENS: { name: string; path: (c: Catalogue) => Promise<string>; zh?: boolean }[] = [
  { name: 'home', path: async () => '/home', zh: true },
  { name: 'categories', path: async () => '/categories' },
  { name: 'category', path: async () => '/category/1/2' },
  {
    name: 'product',
    path: async (c) => `/product/${(await c.products('page=1&page_size=1')).list[0]?.uuid}`,
    zh: true,
  },
  {
    name: 'promotion',
    path: async (c) => `/promotion/${(await c.banners()).find((b) => b.type === 3)?.url ?? '1'}`,
  },
  { name: 'search results', path: async () => '/search?q=apple' },
  { name: 'search miss', path: async () => '/search?q=zzqxqzz' },
  { name: 'cart', path: async () => '/cart' },
  { name: 'profile', path: async () => '/profile' },
  { name: 'sign in', path: async () => '/account' },
  { name: 'settings', path: async () => '/profile/settings' },
  { name: '404', path: async () => '/no/such/page' },
];

for (const screen of SCREENS) {
  const languages: Language[] = screen.zh ? ['en', 'zh'] : ['en'];
  test(`axe: no serious or critical violation on ${screen.name} (${languages.join(', ')})`, async ({
    page,
    catalogue,
  }) => {
    test.setTimeout(60_000); // axe takes seconds per page on a busy 2-core machine
    const path = await screen.path(catalogue);
    for (const language of languages) {
      await chooseLanguage(page, language);
      await page.goto(path);
      await expect(page.locator('h1')).not.toHaveText('');
      await page.waitForLoadState('networkidle');
      await expectAccessible(page);
    }
  });
}
