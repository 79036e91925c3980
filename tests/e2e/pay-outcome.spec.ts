import type { Locator, Page } from '@playwright/test';
import type { Language } from '#shared/constants';
import { expectConfirmed, test } from './fixtures/order';
import { expect, expectAccessible, LANGUAGES, nameIn, paired, price, text } from './fixtures/shop';
import { ADDRESS } from './fixtures/shopper';

// The pay page says how a wallet payment went, a declined card keeps
// what was typed, and a paid order ends on its confirmation; the pay page shows what is paid for.
test.describe.configure({ timeout: 90_000 });

/** The same wait as WALLET_SLOW_MS in features/payment/components/wallet-outcome.tsx. */
const WALLET_SLOW_MS = 30_000;

/** On the pay page: choose the wallet, Pay Now, and land on the sandbox wallet's page. */
async function openWallet(page: Page, language: Language, wallet: 'wechatpay' | 'alipay') {
  const t = (key: string) => text(language, `pay:${key}`);
  await page.getByRole('radio', { name: t(`methods.${wallet}`) }).check({ timeout: 15_000 });
  await page.getByRole('button', { name: t('payNow') }).click();
  await expect(page).toHaveURL(/\/sandbox\/pay\//);
  await expect(page.getByText(wallet === 'alipay' ? 'Alipay' : 'WeChat Pay')).toBeVisible();
}

/** Opens the new-card form of the card modal, on the order's pay page when given one. */
async function openCardForm(page: Page, language: Language, orderNo?: string): Promise<Locator> {
  const t = (key: string) => text(language, `pay:${key}`);
  if (orderNo) await page.goto(`/pay/${orderNo}`);
  await page.getByRole('button', { name: t('payNow') }).click({ timeout: 15_000 });
  await page
    .getByRole('dialog', { name: t('payByCard') })
    .getByRole('button', { name: t('enterCard') })
    .click();
  return page.getByRole('dialog', { name: t('enterCard') });
}

async function typeCard(dialog: Locator, language: Language, number: string) {
  const t = (key: string) => text(language, `pay:${key}`);
  await dialog.getByLabel(t('card.number')).fill(number);
  await dialog.getByLabel(t('card.holderName')).fill('Mei Lin');
  await dialog.getByLabel(t('card.expiry')).fill('1230');
  await dialog.getByLabel(t('card.code')).fill('123');
}

for (const language of LANGUAGES) {
  const t = (key: string, params?: Record<string, string>) => text(language, `pay:${key}`, params);

  test(
    `a failed wallet payment says why, with Choose another method and Try again (${language})`,
    paired(language),
    async ({ page, signedInWithOrder }) => {
      const orderNo = await signedInWithOrder(language);
      await page.goto(`/pay/${orderNo}`);
      await openWallet(page, language, 'wechatpay');
      await page.getByRole('button', { name: 'Fail' }).click();

      await expect(page).toHaveURL(new RegExp(`/pay/${orderNo}\\?returned=1`));
      await expect(page.getByRole('heading', { name: t('walletFailedTitle') })).toBeVisible({
        timeout: 15_000,
      });
      await expect(page.getByRole('alert')).toHaveText(text(language, 'errors:payment.walletFailed'));
      await expect(page.getByText(t('walletHint'))).toHaveCount(0);

      // Another method: back to the choice, and this time Alipay fails too; Try again reopens it.
      await page.getByRole('link', { name: t('chooseAnother') }).click();
      await expect(page).toHaveURL(new RegExp(`/pay/${orderNo}$`));
      await openWallet(page, language, 'alipay');
      await page.getByRole('button', { name: 'Fail' }).click();
      await expect(page.getByRole('heading', { name: t('walletFailedTitle') })).toBeVisible({
        timeout: 15_000,
      });
      await page.getByRole('button', { name: t('tryAgain') }).click();
      await expect(page).toHaveURL(/\/sandbox\/pay\//);
      await expect(page.getByText('Alipay')).toBeVisible();
      await page.getByRole('button', { name: 'Pay' }).click();
      await expectConfirmed(page, orderNo, language);
    },
  );

  test(
    `while the wallet has not answered the pay page waits, then says it is taking long (${language})`,
    paired(language),
    async ({ page, signedInWithOrder }) => {
      await page.clock.install();
      const orderNo = await signedInWithOrder(language);
      await page.goto(`/pay/${orderNo}`);
      await openWallet(page, language, 'alipay');
      // Back in the shop without pressing anything on the wallet's page: no word from the wallet.
      await page.goto(`/pay/${orderNo}?returned=1`);
      const wallet = t('methods.alipay');
      await expect(page.getByRole('heading', { name: t('waitingTitle', { wallet }) })).toBeVisible({
        timeout: 15_000,
      });
      await expect(page.locator('.spinner')).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: t('walletHint') })).toBeVisible();
      await expect(page.getByRole('link', { name: t('chooseAnother') })).toHaveCount(0);

      await page.clock.fastForward(WALLET_SLOW_MS);
      await expect(page.getByRole('heading', { name: t('slowTitle') })).toBeVisible();
      await expect(page.getByRole('status')).toHaveText(t('slowText', { wallet }));
      await expect(page.locator('.spinner')).toHaveCount(0);
      await expect(page.getByRole('button', { name: t('paidAlready') })).toBeVisible();
      await page.getByRole('link', { name: t('chooseAnother') }).click();
      await expect(page.getByRole('radio', { name: t('methods.creditcard') })).toBeVisible();
    },
  );

  test(
    `a declined card keeps the form but the security code, and says why inline (${language})`,
    paired(language),
    async ({ page, signedInWithOrder }) => {
      const orderNo = await signedInWithOrder(language);
      const dialog = await openCardForm(page, language, orderNo);
      await typeCard(dialog, language, '4000000000000002');
      await expect(dialog.getByRole('checkbox', { name: t('sameAsShipping') })).toBeChecked();
      await dialog.getByRole('button', { name: t('payNow') }).click();

      const declined = dialog.getByRole('alert');
      await expect(declined).toContainText(t('failedTitle'));
      await expect(declined).toContainText(text(language, 'errors:payment.decline.declined'));
      await expect(dialog.getByLabel(t('card.number'))).toHaveValue('4000 0000 0000 0002');
      await expect(dialog.getByLabel(t('card.holderName'))).toHaveValue('Mei Lin');
      await expect(dialog.getByLabel(t('card.expiry'))).toHaveValue('12/30');
      await expect(dialog.getByLabel(t('card.code'))).toHaveValue('');
      await expect(dialog.getByLabel(t('card.code'))).toBeFocused();
      await expect(dialog.getByRole('checkbox', { name: t('sameAsShipping') })).toBeChecked();

      // Another card, the code typed again: paid.
      await dialog.getByLabel(t('card.number')).fill('4111111111111111');
      await dialog.getByLabel(t('card.code')).fill('123');
      await dialog.getByRole('button', { name: t('payNow') }).click();
      await expectConfirmed(page, orderNo, language);
    },
  );

  test(
    `billing address: same as shipping by default, or typed in the language's name order and kept after a decline (${language})`,
    paired(language, true),
    async ({ page, signedInWithOrder }) => {
      const orderNo = await signedInWithOrder(language);
      const dialog = await openCardForm(page, language, orderNo);
      const same = dialog.getByRole('checkbox', { name: t('sameAsShipping') });
      await expect(same).toBeChecked();
      const street = `${ADDRESS.address}, ${ADDRESS.area}, ${ADDRESS.city}, ${ADDRESS.province} ${ADDRESS.zip}`;
      await expect(dialog.getByText(street)).toBeVisible();
      await expect(dialog.getByLabel(t('billing.firstName'), { exact: true })).toHaveCount(0);

      await same.uncheck();
      const labels = dialog.locator('fieldset.billing .field-label');
      await expect(labels.first()).toHaveText(
        t(language === 'zh' ? 'billing.lastName' : 'billing.firstName'),
      );
      await expect(labels.nth(1)).toHaveText(t(language === 'zh' ? 'billing.firstName' : 'billing.lastName'));
      const billing = {
        firstName: 'Wei',
        lastName: 'Zhang',
        address: '1 Main St',
        city: 'Carmel',
        state: 'IN',
      };
      for (const [name, value] of Object.entries({ ...billing, zip: '46282' }))
        await dialog.getByLabel(t(`billing.${name}`), { exact: true }).fill(value);
      await typeCard(dialog, language, '4111111111111111');
      await dialog.getByRole('button', { name: t('payNow') }).click();
      // The sandbox declines billing ZIP 46282: everything stays but the code.
      await expect(dialog.getByRole('alert')).toContainText(t('failedTitle'));
      for (const [name, value] of Object.entries({ ...billing, zip: '46282' }))
        await expect(dialog.getByLabel(t(`billing.${name}`), { exact: true })).toHaveValue(value);
      await expect(dialog.getByLabel(t('card.code'))).toHaveValue('');

      // Same as shipping after all: the order's address goes to the gateway, and it pays.
      await same.check();
      await dialog.getByLabel(t('card.code')).fill('123');
      await dialog.getByRole('button', { name: t('payNow') }).click();
      await expectConfirmed(page, orderNo, language);
    },
  );

  test(
    `the pay page shows what is paid for, and the confirmation what was bought and what comes next (${language})`,
    paired(language),
    async ({ page, signedInWithOrder, orderOf }) => {
      const o = (key: string) => text(language, `orders:${key}`);
      const orderNo = await signedInWithOrder(language);
      const order = await orderOf(orderNo);
      const line = order.item[0];
      if (!line) throw new Error('no line');
      await page.goto(`/pay/${orderNo}`);
      const summary = page.getByRole('region', { name: t('summary') });
      await expect(summary.getByRole('link', { name: nameIn(language, line) })).toBeVisible({
        timeout: 15_000,
      });
      await expect(summary.getByText('× 2', { exact: true })).toBeVisible();
      const street = `${ADDRESS.address}, ${ADDRESS.area}, ${ADDRESS.city}, ${ADDRESS.province} ${ADDRESS.zip}`;
      await expect(summary.getByText(street)).toBeVisible();
      const row = (scope: Locator, key: string) =>
        scope.locator('.summary-rows > div').filter({ has: page.getByText(o(key), { exact: true }) });
      await expect(row(summary, 'subtotal')).toContainText(price(order.subtotal));
      await expect(row(summary, 'tax')).toContainText(price(order.tax));
      await expect(row(summary, 'total')).toContainText(price(order.total_price));

      const dialog = await openCardForm(page, language);
      await typeCard(dialog, language, '4111111111111111');
      await dialog.getByRole('button', { name: t('payNow') }).click();
      await expectConfirmed(page, orderNo, language);
      await expect(page.getByText(`${o('number')} ${orderNo}`)).toBeVisible();
      await expect(page.getByRole('heading', { name: o('confirmation.nextTitle') })).toBeVisible();
      await expect(page.getByText(o('confirmation.next'))).toBeVisible();
      const lines = page.getByRole('list', { name: o('lines') });
      await expect(lines.getByRole('link', { name: nameIn(language, line) })).toBeVisible();
      await expect(lines.getByText('× 2', { exact: true })).toBeVisible();
      await expect(row(page.locator('main'), 'total')).toContainText(price(order.total_price));

      await page.getByRole('link', { name: o('confirmation.viewOrder') }).click();
      await expect(page).toHaveURL(new RegExp(`/order/${orderNo}$`));
      await expect(page.getByRole('status')).toContainText(o('status.processing'));
      await page.goBack();
      await page.getByRole('link', { name: o('confirmation.keepShopping') }).click();
      await expect(page).toHaveURL(/\/home$/);
    },
  );
}

for (const language of LANGUAGES) {
  test(
    `axe finds nothing serious on the pay page's summary, a failed wallet payment and a declined card (${language})`,
    paired(language, true),
    async ({ page, signedInWithOrder }) => {
      test.setTimeout(120_000); // axe takes seconds per page on a busy 2-core machine
      const t = (key: string) => text(language, `pay:${key}`);
      const orderNo = await signedInWithOrder(language);
      await page.goto(`/pay/${orderNo}`);
      await expect(page.getByRole('region', { name: t('summary') })).toBeVisible({ timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      await expectAccessible(page);

      await openWallet(page, language, 'alipay');
      await page.getByRole('button', { name: 'Fail' }).click();
      await expect(page.getByRole('heading', { name: t('walletFailedTitle') })).toBeVisible({
        timeout: 15_000,
      });
      await page.waitForLoadState('networkidle');
      await expectAccessible(page);

      await page.getByRole('link', { name: t('chooseAnother') }).click();
      const dialog = await openCardForm(page, language);
      await typeCard(dialog, language, '4000000000000002');
      await dialog.getByRole('button', { name: t('payNow') }).click();
      await expect(dialog.getByRole('alert')).toContainText(t('failedTitle'));
      await expect(dialog.getByRole('button', { name: t('payNow') })).toBeEnabled();
      await expectAccessible(page);
    },
  );
}
