import { expect, test } from './fixtures/shop';

/**
 * A cold load on a slow phone paints index.html's static first screen (src/server/app-page.ts)
 * before any JavaScript runs: here the scripts never arrive at all.
 */
test.describe('static first screen', () => {
  test.beforeEach(async ({ page }) => {
    await page.route('**/assets/*.js', (route) => route.abort());
  });

  for (const path of ['/category/1', '/product/x', '/search', '/promotion/1']) {
    test(`${path} paints its bar and a skeleton grid without JavaScript`, async ({ page, isPhone }) => {
      await page.goto(path);
      const shell = page.locator('[data-boot-shell]');
      await expect(shell).toHaveCount(1);
      if (isPhone) {
        await expect(shell.locator('.page-header-bar')).toBeVisible();
        await expect(shell.locator('.top-bar')).toBeHidden();
      } else {
        await expect(shell.locator('.top-bar')).toBeVisible();
      }
      const cards = shell.locator('.product-grid > .product-card.is-skeleton');
      await expect(cards.first()).toBeVisible();
      const box = await cards.first().boundingBox();
      expect(box?.height ?? 0).toBeGreaterThan(100);
    });
  }

  test('home keeps its own first screen, with no skeleton grid', async ({ page }) => {
    await page.goto('/home');
    const shell = page.locator('[data-boot-shell]');
    await expect(shell.locator('.home-banner')).toBeVisible();
    await expect(shell.locator('.product-grid')).toHaveCount(0);
  });
});

test("home asks for the app's scripts once its first banner has arrived; a banner that fails starts them at once", async ({
  page,
}) => {
  const seen: string[] = [];
  page.on('requestfinished', (req) => {
    if (req.url().includes('/media/banner-')) seen.push('banner');
  });
  page.on('request', (req) => {
    if (/\/assets\/index-[\w-]+\.js$/.test(req.url())) seen.push('app');
  });
  await page.goto('/home');
  // The app's layout replaces the first screen once it runs.
  await expect(page.locator('[data-boot-shell]')).toHaveCount(0);
  expect(seen.indexOf('banner')).toBeGreaterThanOrEqual(0);
  expect(seen.indexOf('banner')).toBeLessThan(seen.indexOf('app'));

  await page.context().clearCookies();
  await page.route('**/media/banner-*', (route) => route.abort());
  await page.goto('/home?fresh=1');
  await expect(page.locator('[data-boot-shell]')).toHaveCount(0);
});
