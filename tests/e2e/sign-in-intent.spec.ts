import type { Page } from '@playwright/test';
import type { Language } from '#shared/constants';
import { codeIn } from '../fakes/smtp-catcher';
import { expect as base, expectAccessible, LANGUAGES, paired, textIn } from './fixtures/shop';
import { SHOPPER_PASSWORD, type Shop, test } from './fixtures/shopper';

// Password hashing (scrypt) is slow on a loaded machine: wait for the server's answers longer.
const expect = base.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

/**
 * A visitor's Add to Cart goes to sign in (docs/product.md §4) and is not lost there: the sign-in
 * page says why, and once signed in, directly or after signing up, the shopper is back on the
 * product with it in the cart.
 */

/** On a product page as a visitor: two of it asked for, Add to Cart pressed. */
async function addAsVisitor(page: Page, language: Language, uuid: string): Promise<void> {
  const t = textIn(language);
  await page.addInitScript((lng) => window.localStorage.setItem('lang', lng), language);
  await page.goto(`/product/${uuid}`);
  await page.getByRole('button', { name: t('stepper.increase') }).click();
  await page.getByRole('button', { name: t('catalogue:product.addToCart') }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('status').filter({ hasText: t('account:signIn.whyAdd') })).toBeVisible();
}

async function signIn(page: Page, language: Language, email: string): Promise<void> {
  const t = textIn(language);
  await expect(page.getByLabel(t('account:field.email'), { exact: true })).toHaveValue(email);
  await page.getByLabel(t('account:field.password'), { exact: true }).fill(SHOPPER_PASSWORD);
  await page.getByRole('button', { name: t('account:signIn.submit'), exact: true }).click();
}

/** Back on the product, signed in, with the two in the cart (the badge says so). */
async function expectBackWithTwo(page: Page, language: Language, uuid: string): Promise<void> {
  const t = textIn(language);
  await expect(page).toHaveURL(new RegExp(`/product/${uuid}$`));
  await expect(page.getByRole('link', { name: t('cart.badge', { count: 2 }), exact: true })).toBeVisible();
}

async function signUpOnPage(page: Page, language: Language, shop: Shop, email: string): Promise<void> {
  const t = textIn(language);
  await page.getByRole('link', { name: t('account:signIn.signUp'), exact: true }).click();
  await expect(page).toHaveURL(/\/account\/signup$/);
  await page.getByLabel(t('account:field.email'), { exact: true }).fill(email);
  await page.getByRole('button', { name: t('account:code.send'), exact: true }).click();
  await expect(page.getByText(t('account:code.sent', { email }))).toBeVisible();
  const code = codeIn(await shop.catcher.latestTo(email));
  if (!code) throw new Error('no code in the mail');
  await page.getByLabel(t('account:field.code'), { exact: true }).fill(code);
  await page.getByLabel(t('account:field.name'), { exact: true }).fill('Mei Lin');
  await page.getByLabel(t('account:field.password'), { exact: true }).fill(SHOPPER_PASSWORD);
  await page.getByRole('button', { name: t('account:signUp.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText(t('account:signUp.done'))).toBeVisible();
}

for (const language of LANGUAGES) {
  test(
    `${language}: a visitor's add is kept through sign-in, back on the product`,
    paired(language),
    async ({ page, shopper, catalogue }) => {
      const [product] = await catalogue.stocked();
      await addAsVisitor(page, language, product.uuid);
      await expectAccessible(page);
      await page.getByLabel(textIn(language)('account:field.email'), { exact: true }).fill(shopper.email);
      await signIn(page, language, shopper.email);
      await expectBackWithTwo(page, language, product.uuid);
    },
  );

  test(
    `${language}: a visitor who signs up first comes back to sign in with the e-mail filled, then to the product`,
    paired(language, true),
    async ({ page, shop, catalogue }) => {
      const [product] = await catalogue.stocked();
      const email = `intent.${Date.now().toString(36)}.${language}@example.com`;
      await addAsVisitor(page, language, product.uuid);
      await signUpOnPage(page, language, shop, email);
      await signIn(page, language, email);
      await expectBackWithTwo(page, language, product.uuid);
    },
  );
}
