import type { Page } from '@playwright/test';
import { chooseLanguage, expect, LANGUAGES, paired, test, text } from './fixtures/shop';

/**
 * How long a state may take to show: the first screen comes from the server, and the state only
 * once the app has loaded, asked, and retried once (src/web/lib/query-client.ts). On a loaded
 * 2-core machine that passed the default 5 s once; the wait ends as soon as the state shows.
 */
const STATE_SHOWN = { timeout: 15_000 };

/** The server answering 503 to every API call (behind a load balancer while it restarts). */
async function serverBusy(page: Page) {
  await page.route('**/api/**', (route) =>
    route.fulfill({ status: 503, json: { code: 503, message: 'The shop is starting or shutting down.' } }),
  );
}

/** The server gone: every API call is refused, as when the process has stopped. */
async function serverStopped(page: Page) {
  await page.route('**/api/**', (route) => route.abort('connectionrefused'));
}

const SCREENS = ['/home', '/categories', '/category/1', '/search?q=apple'];

for (const lang of LANGUAGES) {
  test(
    `${lang}: a busy server shows the busy state, and "Try Again" recovers`,
    paired(lang),
    async ({ page }) => {
      await chooseLanguage(page, lang);
      await serverBusy(page);
      for (const path of SCREENS) {
        await page.goto(path);
        await expect(page.getByText(text(lang, 'error.busy')), path).toBeVisible(STATE_SHOWN);
      }
      if (lang === 'en')
        await expect(page.getByText('Server is busy right now, please try again later...')).toBeVisible();
      await page.unrouteAll();
      await page.getByRole('button', { name: text(lang, 'actions.retry') }).click();
      await expect(page.getByRole('article').first()).toBeVisible();
    },
  );

  test(
    `${lang}: a stopped server shows the disconnected state`,
    paired(lang, true),
    async ({ page, catalogue }) => {
      const product = (await catalogue.products('page=1&page_size=1')).list[0];
      await chooseLanguage(page, lang);
      await page.goto('/home');
      await expect(page.getByRole('article').first()).toBeVisible();
      await serverStopped(page);
      for (const path of [`/product/${product?.uuid}`, '/promotion/1', '/home']) {
        await page.goto(path);
        await expect(page.getByText(text(lang, 'error.disconnected')), path).toBeVisible(STATE_SHOWN);
      }
      if (lang === 'en')
        await expect(page.getByText('Not network connections, check your settings...')).toBeVisible();
    },
  );
}

test('a call that never answers is abandoned after 5 s: disconnected', async ({ page }) => {
  await page.route('**/api/index_product/**', () => {
    // Never answered: the client aborts at REQUEST_TIMEOUT_MS.
  });
  await page.clock.install();
  await page.goto('/product/9204cde4-bc25-5ea0-9068-a3506c446ecc');
  await expect(page.getByRole('status', { name: text('en', 'loading') })).toBeVisible();
  await page.clock.runFor(5_100);
  // One quick retry, which also times out.
  await page.clock.runFor(700);
  await page.clock.runFor(5_100);
  await expect(page.getByText(text('en', 'error.disconnected'))).toBeVisible();
});

test('loading shows skeletons in the final boxes', async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/index_product?**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/category/1');
  await expect(page.getByRole('status', { name: text('en', 'loading') })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('');
  release();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('status', { name: text('en', 'loading') })).toHaveCount(0);
});
