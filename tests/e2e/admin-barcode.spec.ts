import type { Language } from '#shared/constants';
import { staffSignedIn, test } from './fixtures/admin-orders';
import { expect as base, LANGUAGES, text } from './fixtures/shop';

/** The console is desktop-first (admin-console.spec.ts). */
test.beforeEach(({ isMobile }, testInfo) => {
  test.skip(isMobile || testInfo.project.name !== 'desktop', 'the console is desktop-first');
});
test.describe.configure({ timeout: 120_000 });
const expect = base.configure({ timeout: 15_000 });

/** A product per language run (one server serves both), with a barcode no demo product has. */
const CASE: Record<Language, { product: number; wrong: string; right: string }> = {
  en: { product: 3, wrong: '4006381333932', right: '4006381333931' },
  zh: { product: 4, wrong: '036000241458', right: '036000241457' },
};

for (const language of LANGUAGES) {
  const t = (key: string) => text(language, `admin:products.${key}`);

  test(`console products (${language}): a barcode with a wrong check digit is refused, the right one saved`, async ({
    page,
    server,
  }) => {
    const { product, wrong, right } = CASE[language];
    await staffSignedIn(page, server, 'manager', language);
    await page.goto(`/admin/products/${product}`);
    const form = page.getByRole('form', { name: t('editor.form') });
    const save = form.getByRole('button', { name: t('editor.save'), exact: true });
    const barcode = form.getByLabel(t('fields.barcode'));
    await expect(barcode).toBeVisible();
    await barcode.fill(wrong);
    await save.click();
    await expect(page.getByText(text(language, 'errors:barcode.checkDigit'))).toBeVisible();
    await barcode.fill(right);
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/admin/products/${product}`) && r.request().method() === 'POST',
    );
    await save.click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByText(text(language, 'errors:barcode.checkDigit'))).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel(t('fields.barcode'))).toHaveValue(right);
  });
}
