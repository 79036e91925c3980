import type { Page } from '@playwright/test';
import type { Language } from '#shared/constants';
import { expectConfirmed, test } from './fixtures/order';
import { expect, expectAccessible, LANGUAGES, paired, text } from './fixtures/shop';
import { ADDRESS, signInAs } from './fixtures/shopper';

test.describe.configure({ timeout: 90_000 });

/** The orders list, with this order processing (paid). */
async function expectPaidInList(page: Page, orderNo: string, language: Language = 'en') {
  await page.goto('/profile/orders');
  const card = page.getByRole('listitem').filter({ hasText: orderNo });
  await expect(card.getByText(text(language, 'orders:status.processing'))).toBeVisible({ timeout: 15_000 });
  return card;
}

async function payByNewCard(page: Page, number: string) {
  const t = (key: string) => text('en', `pay:${key}`);
  await page.getByRole('button', { name: t('payNow') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: t('enterCard') }).click();
  await dialog.getByRole('button', { name: t('payNow') }).click();
  await expect(dialog.getByRole('alert')).toHaveText(t('problem.holderRequired'));
  await dialog.getByLabel(t('card.number')).fill(number);
  await expect(dialog.getByLabel(t('card.number'))).toHaveValue(number.replace(/(\d{4})(?=\d)/g, '$1 '));
  await dialog.getByLabel(t('card.holderName')).fill('Mei Lin');
  await dialog.getByLabel(t('card.expiry')).fill('1230');
  await expect(dialog.getByLabel(t('card.expiry'))).toHaveValue('12/30');
  await dialog.getByLabel(t('card.code')).fill('123');
  // The billing address is the order's shipping address unless the shopper says otherwise.
  await expect(dialog.getByRole('checkbox', { name: t('sameAsShipping') })).toBeChecked();
  await expect(dialog.getByText(ADDRESS.address, { exact: false })).toBeVisible();
  await dialog.getByRole('button', { name: t('payNow') }).click();
}

test('an approved card pays the order: the list shows Processing', async ({ page, signedInWithOrder }) => {
  const orderNo = await signedInWithOrder();
  await page.goto(`/profile/orders`);
  const card = page.getByRole('listitem').filter({ hasText: orderNo });
  await expect(card.getByText(text('en', 'orders:notPaid'))).toBeVisible({ timeout: 15_000 });
  await card.getByRole('link', { name: text('en', 'orders:payNow') }).click();
  await expect(page).toHaveURL(new RegExp(`/pay/${orderNo}$`));
  await payByNewCard(page, '4111111111111111');
  await expectConfirmed(page, orderNo);
  await expectPaidInList(page, orderNo);
});

test('a declined card shows Payment Failed with the reason', async ({ page, signedInWithOrder }) => {
  const orderNo = await signedInWithOrder();
  await page.goto(`/pay/${orderNo}`);
  await payByNewCard(page, '4000000000000002');
  const form = page.getByRole('dialog', { name: text('en', 'pay:enterCard') });
  await expect(form.getByRole('alert')).toContainText(text('en', 'pay:failedTitle'));
  await expect(form.getByRole('alert')).toContainText('This transaction has been declined.');
});

test('order detail: the pending banner, lines and totals', async ({ page, signedInWithOrder }) => {
  const orderNo = await signedInWithOrder();
  await page.goto(`/order/${orderNo}`);
  await expect(page.getByText('Awating for payment, expires in 10 mins.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(ADDRESS.address, { exact: false })).toBeVisible();
  await expect(page.getByText(text('en', 'orders:total'), { exact: true })).toBeVisible();
});

for (const lang of LANGUAGES) {
  test(
    `${lang}: order detail on phones keeps "× 2" beside its line and "Pay Now" on one line, down to 320 px`,
    paired(lang),
    async ({ page, signedInWithOrder }) => {
      const orderNo = await signedInWithOrder(lang);
      for (const width of [320, 390]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`/order/${orderNo}`);
        const line = page.getByRole('list', { name: text(lang, 'orders:lines') }).getByRole('listitem');
        const qty = line.getByText('× 2', { exact: true });
        await expect(qty).toBeVisible({ timeout: 15_000 });
        const [qtyBox, nameBox] = [await qty.boundingBox(), await line.getByRole('link').boundingBox()];
        // Beside the name, not on a row of its own under it.
        expect(qtyBox && nameBox && qtyBox.y < nameBox.y + nameBox.height).toBe(true);
        const pay = page.getByRole('link', { name: text(lang, 'orders:payNow') });
        const rows = await pay.evaluate((element) => {
          const range = document.createRange();
          range.selectNodeContents(element);
          return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        });
        expect(rows, `"Pay Now" at ${width} px`).toBe(1);
      }
    },
  );
}

for (const lang of LANGUAGES) {
  test(
    `${lang}: axe finds nothing serious on a paid order's confirmation and the orders list beside a pending order`,
    paired(lang, true),
    async ({ page, signedInWithOrder }) => {
      test.setTimeout(120_000); // axe takes seconds per page on a busy 2-core machine
      const paid = await signedInWithOrder(lang);
      await signedInWithOrder(lang);
      await page.goto(`/pay/${paid}`);
      await page.getByRole('radio', { name: text(lang, 'pay:methods.alipay') }).check();
      await page.getByRole('button', { name: text(lang, 'pay:payNow') }).click();
      await expect(page).toHaveURL(/\/sandbox\/pay\//);
      await page.locator('button.pay').click();
      await expectConfirmed(page, paid, lang);
      await page.waitForLoadState('networkidle');
      await expectAccessible(page);
      await expectPaidInList(page, paid, lang);
      // The pending order's badge and its "Order is not unpaid" row are on the list too.
      await expect(page.getByText(text(lang, 'orders:notPaid'))).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectAccessible(page);
      // A paid order's pay page is its confirmation: never "Processing" beside "Amount to pay".
      await page.goto(`/pay/${paid}`);
      await expectConfirmed(page, paid, lang);
      await expect(page.getByText(text(lang, 'pay:amount'))).toHaveCount(0);
    },
  );
}

test('no orders yet', async ({ page, shopper }) => {
  await signInAs(page, shopper);
  await page.goto('/profile/orders');
  await expect(page.getByText(text('en', 'error.noOrder'))).toBeVisible({ timeout: 15_000 });
});

test('saved cards: the no-card state, add with checks, then pay with it', async ({
  page,
  signedInWithOrder,
}) => {
  const t = (key: string, params?: Record<string, string>) => text('en', `pay:${key}`, params);
  const orderNo = await signedInWithOrder();
  await page.goto('/profile/payments');
  await expect(page.getByText(text('en', 'error.noCard'))).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: t('payments.add') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(t('card.holderName')).fill('Mei Lin');
  await dialog.getByLabel(t('card.number')).fill('4111111111111111');
  await dialog.getByLabel(t('card.expiry')).fill('13/30');
  await dialog.getByRole('button', { name: t('payments.save') }).click();
  await expect(dialog.getByRole('alert')).toHaveText(t('problem.expiryInvalid'));
  await dialog.getByLabel(t('card.expiry')).fill('1230');
  await dialog.getByLabel(t('card.code')).fill('123');
  await dialog.getByRole('button', { name: t('payments.save') }).click();
  await expect(page.getByText('**** 1111')).toBeVisible();

  await page.goto(`/pay/${orderNo}`);
  await page.getByRole('button', { name: t('payNow') }).click();
  const pay = page.getByRole('dialog');
  await pay.getByLabel(t('card.code')).fill('123');
  await pay.getByRole('button', { name: t('payWithSaved') }).click();
  await expectConfirmed(page, orderNo);
});

for (const language of LANGUAGES) {
  test(
    `WeChat Pay through the sandbox page, back to the order's confirmation (${language})`,
    paired(language),
    async ({ page, signedInWithOrder }) => {
      const t = (key: string) => text(language, `pay:${key}`);
      const orderNo = await signedInWithOrder(language);
      await page.goto(`/pay/${orderNo}`);
      const amount = page.getByRole('region', { name: t('amount') });
      await expect(amount).toContainText('$', { timeout: 15_000 });
      const total = (await amount.locator('strong').innerText()).trim();
      await page.getByRole('radio', { name: t('methods.wechatpay') }).check();
      await page.getByRole('button', { name: t('payNow') }).click();

      await expect(page).toHaveURL(/\/sandbox\/pay\//);
      await expect(page.getByText(orderNo)).toBeVisible();
      await expect(page.getByText(total, { exact: true })).toBeVisible();
      await expect(page.getByText('WeChat Pay')).toBeVisible();
      await page.getByRole('button', { name: 'Pay' }).click();

      await expectConfirmed(page, orderNo, language);
      const card = await expectPaidInList(page, orderNo, language);
      await expect(card.getByRole('link', { name: text(language, 'orders:payNow') })).toHaveCount(0);
    },
  );

  test(
    `the pay page's card form: every check, grouping and MM/YY as typed (${language})`,
    paired(language, true),
    async ({ page, signedInWithOrder }) => {
      const t = (key: string) => text(language, `pay:${key}`);
      const orderNo = await signedInWithOrder(language);
      await page.goto(`/pay/${orderNo}`);
      await expect(page.getByRole('radio', { name: t('methods.creditcard') })).toBeChecked({
        timeout: 15_000,
      });
      await page.getByRole('button', { name: t('payNow') }).click();

      // No saved card: only the two ways on, and the way to the saved cards works.
      const choose = page.getByRole('dialog', { name: t('payByCard') });
      await expect(choose.getByRole('button', { name: t('enterCard') })).toBeVisible();
      await expect(choose.getByRole('button', { name: t('payWithSaved') })).toHaveCount(0);
      await choose.getByRole('link', { name: t('manageCards') }).click();
      await expect(page).toHaveURL(/\/profile\/payments$/);
      await expect(page.getByText(text(language, 'error.noCard'))).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`/pay/${orderNo}$`));

      await page.getByRole('button', { name: t('payNow') }).click();
      await choose.getByRole('button', { name: t('enterCard') }).click();
      const dialog = page.getByRole('dialog', { name: t('enterCard') });
      const field = (name: string) => dialog.getByLabel(t(`card.${name}`));
      const billing = (name: string) => dialog.getByLabel(t(`billing.${name}`), { exact: true });
      const expectProblem = async (problem: string) => {
        await dialog.getByRole('button', { name: t('payNow') }).click();
        await expect(dialog.getByRole('alert')).toHaveText(t(`problem.${problem}`));
      };

      await expectProblem('holderRequired');
      await field('holderName').fill('M3i');
      await expectProblem('holderInvalid');
      await field('holderName').fill('Mei Lin');
      await expectProblem('numberRequired');
      await field('number').pressSequentially('4007');
      await expect(field('number')).toHaveValue('4007');
      await field('number').pressSequentially('0');
      await expect(field('number')).toHaveValue('4007 0');
      await expectProblem('numberInvalid');
      // Back in the field after the message, the shopper types on where the digits end.
      await field('number').click();
      await field('number').press('End');
      await field('number').pressSequentially('00000027');
      await expect(field('number')).toHaveValue('4007 0000 0002 7');
      await field('number').press('Backspace');
      await expect(field('number')).toHaveValue('4007 0000 0002');
      await field('number').fill('');
      await field('number').pressSequentially('4007-0000-0002-7');
      await expect(field('number')).toHaveValue('4007 0000 0002 7');
      await expectProblem('expiryRequired');
      await field('expiry').pressSequentially('1');
      await expect(field('expiry')).toHaveValue('1');
      await field('expiry').pressSequentially('3');
      await expect(field('expiry')).toHaveValue('13/');
      await field('expiry').pressSequentially('30');
      await expect(field('expiry')).toHaveValue('13/30');
      await expectProblem('expiryInvalid');
      await field('expiry').fill('');
      await field('expiry').pressSequentially('12/30');
      await expect(field('expiry')).toHaveValue('12/30');
      await expectProblem('codeRequired');
      await field('code').fill('1');
      await expectProblem('codeInvalid');
      await field('code').fill('321');
      // A billing address other than the shipping one: every field asked, Chinese surname first.
      await dialog.getByRole('checkbox', { name: t('sameAsShipping') }).uncheck();
      const address: [string, string][] = [
        ['firstName', 'Mei'],
        ['lastName', 'Lin'],
        ['address', ADDRESS.address],
        ['city', ADDRESS.city],
        ['state', ADDRESS.province],
        ['zip', ADDRESS.zip],
      ];
      if (language === 'zh') address.unshift(...address.splice(1, 1));
      for (const [name, value] of address) {
        await expectProblem(`billing.${name}`);
        await billing(name).fill(value);
      }
      await dialog.getByRole('button', { name: t('payNow') }).click();
      await expectConfirmed(page, orderNo, language);
    },
  );
}

for (const language of LANGUAGES) {
  test(
    `Pay Now always opens the card chooser, with the saved cards (${language})`,
    paired(language),
    async ({ page, signedInWithOrder }) => {
      const t = (key: string) => text(language, `pay:${key}`);
      const orderNo = await signedInWithOrder(language);
      await page.goto('/profile/payments');
      await page.getByRole('button', { name: t('payments.add') }).click();
      const adding = page.getByRole('dialog', { name: t('payments.add') });
      await adding.getByLabel(t('card.holderName')).fill('Mei Lin');
      await adding.getByLabel(t('card.number')).fill('4111111111111111');
      await adding.getByLabel(t('card.expiry')).fill('1230');
      await adding.getByLabel(t('card.code')).fill('123');
      await adding.getByRole('button', { name: t('payments.save') }).click();
      await expect(page.getByRole('listitem').filter({ hasText: '**** 1111' })).toBeVisible();

      await page.goto(`/pay/${orderNo}`);
      await page.getByRole('button', { name: t('payNow') }).click();
      const choose = page.getByRole('dialog', { name: t('payByCard') });
      await expect(choose.getByRole('radio', { name: /\*\*\*\* 1111/ })).toBeChecked();
      await choose.getByRole('button', { name: t('enterCard') }).click();
      const entering = page.getByRole('dialog', { name: t('enterCard') });
      await entering.getByRole('button', { name: t('payNow') }).click();
      await expect(entering.getByRole('alert')).toHaveText(t('problem.holderRequired'));
      await entering.getByRole('button', { name: text(language, 'actions.close') }).click();
      await expect(entering).toBeHidden();

      await page.getByRole('button', { name: t('payNow') }).click();
      await expect(choose.getByRole('radio', { name: /\*\*\*\* 1111/ })).toBeChecked();
      await expect(choose.getByRole('alert')).toHaveCount(0);
      await choose.getByLabel(t('card.code')).fill('123');
      await choose.getByRole('button', { name: t('payWithSaved') }).click();
      await expectConfirmed(page, orderNo, language);
    },
  );
}
