import type { Locator } from '@playwright/test';
import { expect, LANGUAGES, paired, text } from './fixtures/shop';
import { signInAs, test } from './fixtures/shopper';

test.describe.configure({ timeout: 90_000 });

for (const language of LANGUAGES) {
  test(
    `saved cards (${language}): none yet, add with every check, edit, delete`,
    paired(language),
    async ({ page, shopper }) => {
      const t = (key: string, params?: Record<string, string>) => text(language, `pay:${key}`, params);
      await signInAs(page, shopper, language);
      await page.goto('/profile/payments');
      await expect(page.getByRole('heading', { name: t('payments.title') })).toBeVisible({ timeout: 15_000 });
      const noCard = page.getByText(text(language, 'error.noCard'));
      await expect(noCard).toBeVisible();
      const cards = page.getByRole('listitem').filter({ hasText: '****' });
      await expect(cards).toHaveCount(0);

      // Adding: each rule of docs/product.md §5 in the order the form checks them, one message at a time.
      await page.getByRole('button', { name: t('payments.add') }).click();
      const adding = page.getByRole('dialog', { name: t('payments.add') });
      const field = (dialog: Locator, name: string) => dialog.getByLabel(t(`card.${name}`));
      const expectProblem = async (dialog: Locator, problem: string) => {
        await dialog.getByRole('button', { name: t('payments.save') }).click();
        await expect(dialog.getByRole('alert')).toHaveText(t(`problem.${problem}`));
      };
      await expectProblem(adding, 'holderRequired');
      await field(adding, 'holderName').fill('Mei Lin 2');
      await expectProblem(adding, 'holderInvalid');
      await field(adding, 'holderName').fill("Mei-Lin O'Brien, Jr.");
      await expectProblem(adding, 'numberRequired');
      await field(adding, 'number').fill('4111 1111');
      await expectProblem(adding, 'numberInvalid');
      await field(adding, 'number').fill('');
      await field(adding, 'number').pressSequentially('41111111');
      await expect(field(adding, 'number')).toHaveValue('4111 1111');
      await field(adding, 'number').pressSequentially('11111111');
      await expect(field(adding, 'number')).toHaveValue('4111 1111 1111 1111');
      await expectProblem(adding, 'expiryRequired');
      await field(adding, 'expiry').fill('1330');
      await expect(field(adding, 'expiry')).toHaveValue('13/30');
      await expectProblem(adding, 'expiryInvalid');
      await field(adding, 'expiry').fill('0030');
      await expectProblem(adding, 'expiryInvalid');
      await field(adding, 'expiry').fill('');
      await field(adding, 'expiry').pressSequentially('12');
      await expect(field(adding, 'expiry')).toHaveValue('12/');
      await field(adding, 'expiry').pressSequentially('30');
      await expect(field(adding, 'expiry')).toHaveValue('12/30');
      await expectProblem(adding, 'codeRequired');
      await field(adding, 'code').fill('12');
      await expectProblem(adding, 'codeInvalid');
      await field(adding, 'code').fill('123');
      await adding.getByRole('button', { name: t('payments.save') }).click();
      await expect(adding).toBeHidden();
      await expect(noCard).toBeHidden();
      await expect(cards).toHaveCount(1);
      await expect(cards).toContainText('**** 1111');
      await expect(cards).toContainText("Mei-Lin O'Brien, Jr. · 12/30");

      // Editing: name and expiry come filled in; the number (never kept) and code must be typed again.
      await page.getByRole('button', { name: t('payments.editNamed', { last4: '1111' }) }).click();
      const editing = page.getByRole('dialog', { name: t('payments.edit') });
      await expect(field(editing, 'holderName')).toHaveValue("Mei-Lin O'Brien, Jr.");
      await expect(field(editing, 'expiry')).toHaveValue('12/30');
      await expect(field(editing, 'number')).toHaveValue('');
      await field(editing, 'holderName').fill('');
      await expectProblem(editing, 'holderRequired');
      await field(editing, 'holderName').fill('Mei Lin');
      await expectProblem(editing, 'numberRequired');
      await field(editing, 'number').fill('5424000000000015');
      await expect(field(editing, 'number')).toHaveValue('5424 0000 0000 0015');
      await field(editing, 'expiry').fill('');
      await expectProblem(editing, 'expiryRequired');
      await field(editing, 'expiry').fill('0131');
      await expectProblem(editing, 'codeRequired');
      await field(editing, 'code').fill('456');
      await editing.getByRole('button', { name: t('payments.save') }).click();
      await expect(editing).toBeHidden();
      await expect(cards).toHaveCount(1);
      await expect(cards).toContainText('**** 0015');
      await expect(cards).toContainText('Mei Lin · 01/31');
      await expect(cards).not.toContainText('**** 1111');

      // A second card, then deleting takes away only the card named.
      await page.getByRole('button', { name: t('payments.add') }).click();
      await expect(field(adding, 'number')).toHaveValue('');
      await field(adding, 'holderName').fill('Wei Zhang');
      await field(adding, 'number').fill('370000000000002');
      await expect(field(adding, 'number')).toHaveValue('3700 0000 0000 002');
      await field(adding, 'expiry').fill('0629');
      await field(adding, 'code').fill('1234');
      await adding.getByRole('button', { name: t('payments.save') }).click();
      await expect(adding).toBeHidden();
      await expect(cards).toHaveCount(2);

      await page.getByRole('button', { name: t('payments.deleteNamed', { last4: '0015' }) }).click();
      await expect(cards).toHaveCount(1);
      await expect(cards).toContainText('**** 0002');
      await expect(cards).toContainText('Wei Zhang · 06/29');
      await page.reload();
      await expect(cards).toHaveCount(1, { timeout: 15_000 });
      await expect(cards).toContainText('**** 0002');

      await page.getByRole('button', { name: t('payments.deleteNamed', { last4: '0002' }) }).click();
      await expect(cards).toHaveCount(0);
      await expect(noCard).toBeVisible();
      await page.reload();
      await expect(noCard).toBeVisible({ timeout: 15_000 });
    },
  );
}

test('visitors are sent to sign in', async ({ page }) => {
  await page.goto('/profile/payments');
  await expect(page).toHaveURL(/\/account$/, { timeout: 15_000 });
});

for (const language of LANGUAGES) {
  test(
    `saved cards (${language}): correcting the number and expiry in the middle, as typed`,
    paired(language, true),
    async ({ page, shopper }) => {
      const t = (key: string) => text(language, `pay:${key}`);
      await signInAs(page, shopper, language);
      await page.goto('/profile/payments');
      await page.getByRole('button', { name: t('payments.add') }).click();
      const dialog = page.getByRole('dialog', { name: t('payments.add') });
      const number = dialog.getByLabel(t('card.number'));
      await number.pressSequentially('54000000000015');
      await expect(number).toHaveValue('5400 0000 0000 15');
      // The two missed digits go in after "54": each lands where the caret is.
      await number.press('Home');
      await number.press('ArrowRight');
      await number.press('ArrowRight');
      await number.pressSequentially('24');
      await expect(number).toHaveValue('5424 0000 0000 0015');
      // Backspace just after a space takes the digit before it.
      await number.press('Home');
      for (let i = 0; i < 5; i++) await number.press('ArrowRight');
      await number.press('Backspace');
      await expect(number).toHaveValue('5420 0000 0000 015');
      await number.pressSequentially('4');
      await expect(number).toHaveValue('5424 0000 0000 0015');

      const expiry = dialog.getByLabel(t('card.expiry'));
      await expiry.pressSequentially('0230');
      await expect(expiry).toHaveValue('02/30');
      await expiry.press('Home');
      await expiry.press('ArrowRight');
      await expiry.press('Delete');
      await expiry.pressSequentially('1');
      await expect(expiry).toHaveValue('01/30');

      await dialog.getByLabel(t('card.holderName')).fill('Mei Lin');
      await dialog.getByLabel(t('card.code')).fill('123');
      await dialog.getByRole('button', { name: t('payments.save') }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('listitem').filter({ hasText: '**** 0015' })).toContainText(
        'Mei Lin · 01/30',
      );
    },
  );
}

for (const language of LANGUAGES) {
  test(
    `saved cards (${language}): the gateway's refusal is shown in the shopper's language`,
    paired(language),
    async ({ page, shopper }) => {
      const t = (key: string) => text(language, `pay:${key}`);
      const refused = (reason: string) =>
        text(language, 'errors:card.refused', {
          message: text(language, `errors:payment.decline.${reason}`),
        });
      await signInAs(page, shopper, language);
      await page.goto('/profile/payments');
      await page.getByRole('button', { name: t('payments.add') }).click();
      const dialog = page.getByRole('dialog', { name: t('payments.add') });
      const save = dialog.getByRole('button', { name: t('payments.save') });
      await dialog.getByLabel(t('card.holderName')).fill('Mei Lin');
      await dialog.getByLabel(t('card.number')).fill('4111111111111112');
      await dialog.getByLabel(t('card.expiry')).fill('1230');
      await dialog.getByLabel(t('card.code')).fill('123');
      await save.click();
      await expect(dialog.getByRole('alert')).toHaveText(refused('invalid_number'));
      await dialog.getByLabel(t('card.number')).fill('4111111111111111');
      await dialog.getByLabel(t('card.expiry')).fill('0120');
      await save.click();
      await expect(dialog.getByRole('alert')).toHaveText(refused('expired'));
      await dialog.getByRole('button', { name: text(language, 'actions.close') }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(text(language, 'error.noCard'))).toBeVisible();
    },
  );
}
