import type { Page } from '@playwright/test';
import { enterTestCard, expectConfirmed, placeOrder, test } from './fixtures/order';
import { expect, holdRequests, LANGUAGES, paired, textIn } from './fixtures/shop';
import { signInAs } from './fixtures/shopper';

// Connection trouble and the keyboard: what the shop says offline, while a payment is on its way,
// and where the focus goes in the card modal (docs/product.md §8, Connection; §2 Pay).
test.describe.configure({ timeout: 90_000 });

/** Counts the requests the page sends to `path` by `method`, from now on. */
function countRequests(page: Page, method: string, path: string): () => number {
  let sent = 0;
  page.on('request', (request) => {
    if (request.method() === method && new URL(request.url()).pathname === path) sent += 1;
  });
  return () => sent;
}

for (const language of LANGUAGES) {
  test(
    `offline: a notice shows, add-to-cart and Pay Now say they cannot and work again once back online (${language})`,
    paired(language),
    async ({ page, request, shop, shopper, catalogue }) => {
      const t = textIn(language);
      const [product] = await catalogue.stocked();
      await signInAs(page, shopper, language);
      await page.goto(`/product/${product.uuid}`);
      const add = page.getByRole('button', { name: t('catalogue:product.addToCart') });
      await expect(add).toBeEnabled();
      const adds = countRequests(page, 'POST', '/api/cart');

      await page.context().setOffline(true);
      await expect(page.getByText(t('offline.notice'))).toBeVisible();
      await add.click();
      await expect(page.getByRole('alert')).toHaveText(t('offline.cannotAdd'));
      // Said at once, not left waiting grey for a connection.
      await expect(add).toBeEnabled();
      expect(adds()).toBe(0);

      await page.context().setOffline(false);
      await expect(page.getByText(t('offline.notice'))).toHaveCount(0);
      await expect(page.getByText(t('offline.cannotAdd'))).toHaveCount(0);
      await add.click();
      await expect(
        page.getByRole('link', { name: t('cart.badge', { count: 1 }), exact: true }),
      ).toBeVisible();
      expect(adds()).toBe(1);

      // Paying offline: said at once, no card form opened for a payment that cannot go out.
      await page.goto(`/pay/${await placeOrder(request, shop, shopper, catalogue)}`);
      const payNow = page.getByRole('button', { name: t('pay:payNow') });
      await expect(payNow).toBeEnabled();
      await page.context().setOffline(true);
      await payNow.click();
      await expect(page.getByRole('alert')).toHaveText(t('offline.cannotPay'));
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await page.context().setOffline(false);
      await expect(page.getByText(t('offline.cannotPay'))).toHaveCount(0);
      await payNow.click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  );
}

for (const language of LANGUAGES) {
  test(
    `by keyboard only: the card form takes the focus, Tab stays in the modal, Escape gives it back (${language})`,
    paired(language, true),
    async ({ page, signedInWithOrder }) => {
      const t = textIn(language);
      const orderNo = await signedInWithOrder(language);
      await page.goto(`/pay/${orderNo}`);
      const payNow = page.getByRole('button', { name: t('pay:payNow') });
      await payNow.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      // Tab to 'Enter Card Information and Pay', as a keyboard user would.
      const enterCard = dialog.getByRole('button', { name: t('pay:enterCard') });
      for (
        let tabs = 0;
        tabs < 10 && !(await enterCard.evaluate((b) => b === document.activeElement));
        tabs++
      )
        await page.keyboard.press('Tab');
      await expect(enterCard).toBeFocused();
      await page.keyboard.press('Enter');

      const number = dialog.getByLabel(t('pay:card.number'));
      await expect(number).toBeFocused();
      await page.keyboard.type('4111111111111111');
      await expect(number).toHaveValue('4111 1111 1111 1111');
      // Around the whole form and back: the focus never leaves the modal.
      for (let tabs = 0; tabs < 20; tabs++) {
        await page.keyboard.press('Tab');
        expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(payNow).toBeFocused();
    },
  );
}

for (const language of LANGUAGES) {
  test(
    `a slow payment: Pay Now says it is paying, takes no second press and sends one request (${language})`,
    paired(language),
    async ({ page, signedInWithOrder }) => {
      const t = textIn(language);
      const orderNo = await signedInWithOrder(language);
      await page.goto(`/pay/${orderNo}`);
      const dialog = await enterTestCard(page, language);

      const payments = countRequests(page, 'POST', '/api/authorize/pay');
      const letThrough = await holdRequests(page, '**/api/authorize/pay');
      await dialog.getByRole('button', { name: t('pay:payNow') }).click();
      const paying = dialog.getByRole('button', { name: t('pay:paying') });
      await expect(paying).toBeDisabled();
      // Enter in a field while it is on its way sends nothing more.
      await dialog.getByLabel(t('pay:card.code')).press('Enter');
      await expect(paying).toBeDisabled();
      expect(payments()).toBe(1);

      letThrough();
      await expectConfirmed(page, orderNo, language);
      expect(payments()).toBe(1);
    },
  );
}

for (const language of LANGUAGES) {
  test(
    `the pay page counts down the time left to pay, beside Pay Now too (${language})`,
    paired(language, true),
    async ({ page, signedInWithOrder, orderOf }) => {
      const t = textIn(language);
      const orderNo = await signedInWithOrder(language);
      const expiresAt = Date.parse((await orderOf(orderNo)).expires_at);
      // The page's clock starts 6 minutes before the order expires; it then runs only as the test moves it.
      await page.clock.install({ time: expiresAt - 6 * 60_000 });
      await page.goto(`/pay/${orderNo}`);
      const payNow = page.getByRole('button', { name: t('pay:payNow') });
      await expect(payNow).toBeEnabled();
      await page.clock.pauseAt(expiresAt - 5 * 60_000);
      const timer = page.getByRole('timer');
      await expect(timer).toHaveText(t('pay:timeLeft', { time: '5:00' }));
      await expect(page.getByText(t('pay:timeLeftShort', { time: '5:00' }), { exact: true })).toBeVisible();

      await page.clock.fastForward('01:01');
      await expect(timer).toHaveText(t('pay:timeLeft', { time: '3:59' }));
      await expect(page.getByText(t('pay:timeLeftShort', { time: '3:59' }), { exact: true })).toBeVisible();

      await page.clock.fastForward('04:00');
      await expect(timer).toHaveText(t('pay:timeUp'));
      await expect(payNow).toBeDisabled();
    },
  );
}
