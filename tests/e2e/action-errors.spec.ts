import type { Page } from '@playwright/test';
import { expect, LANGUAGES, textIn } from './fixtures/shop';
import { signInAs, test } from './fixtures/shopper';

// A shopper is signed up per test, against a shop started per worker: slower than a visit.
test.describe.configure({ timeout: 90_000 });

/** Makes the next POST /api/cart calls fail as `answer` says; GETs go through. */
async function failAdds(page: Page, answer: 'abort' | { status: number; body: string; type: string }) {
  await page.unrouteAll({ behavior: 'wait' });
  await page.route(
    (url) => url.pathname === '/api/cart',
    async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      if (answer === 'abort') return route.abort('internetdisconnected');
      return route.fulfill({ status: answer.status, body: answer.body, contentType: answer.type });
    },
  );
}

// Defect 3: an action's failure is worded as docs/product.md §8 says, in the shopper's
// language, never as technical text, and it goes away once the action succeeds.
for (const language of LANGUAGES) {
  test(`a failed add to cart says Disconnected, Busy or Error in the shopper's language, and clears on success (${language})`, async ({
    page,
    shopper,
    catalogue,
  }) => {
    const [product] = await catalogue.stocked();
    const t = textIn(language);
    await signInAs(page, shopper, language);
    await page.goto(`/product/${product.uuid}`);
    const add = page.getByRole('button', { name: t('catalogue:product.addToCart') });
    const alert = page.getByRole('alert');
    const badge = (count: number) =>
      page.getByRole('link', { name: t('cart.badge', { count }), exact: true });
    await expect(badge(0)).toBeVisible();

    // (a) No answer at all: the Disconnected wording, not "disconnected (0)".
    await failAdds(page, 'abort');
    await add.click();
    await expect(alert).toHaveText(t('error.disconnectedShort'));
    await expect(badge(0)).toBeVisible();

    // (b) A 500 with the framework's own body: the Busy wording (§8: "the server answered 5xx").
    await failAdds(page, {
      status: 500,
      type: 'application/json',
      body: JSON.stringify({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Internal Server Error',
      }),
    });
    await add.click();
    await expect(alert).toHaveText(t('error.busyShort'));
    await expect(page.getByText('Internal Server Error')).toHaveCount(0);

    // (b') An answer that is not the shop's envelope (a proxy's page): the Error wording.
    await failAdds(page, { status: 400, type: 'text/html', body: '<html><h1>400 Bad Request</h1></html>' });
    await add.click();
    await expect(alert).toHaveText(t('error.errorShort'));
    await expect(page.getByText('Bad Request')).toHaveCount(0);

    // (c) The next add goes through: the message is gone and the badge counts it.
    await page.unrouteAll({ behavior: 'wait' });
    await add.click();
    await expect(badge(1)).toBeVisible();
    await expect(alert).toHaveCount(0);
  });
}
