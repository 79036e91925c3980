import { openConsoleAs, staffSession, test } from './fixtures/admin-shop-server';
import { expect as base, LANGUAGES, text } from './fixtures/shop';

/**
 * The console's Delivery slots page, in both languages: a manager changes the
 * capacity and sees the coming windows with it; a packer reads the rules but cannot change them.
 * Desktop-first.
 */
test.beforeEach(({ isMobile }, testInfo) => {
  test.skip(isMobile || testInfo.project.name !== 'desktop', 'the console is desktop-first');
});
test.describe.configure({ timeout: 120_000 });
const expect = base.configure({ timeout: 15_000 });

for (const language of LANGUAGES) {
  const t = (key: string, params: Record<string, string | number> = {}) =>
    text(language, `admin:${key}`, params);

  test(`${language}: a manager changes the orders per window; a packer only reads`, async ({
    page,
    request,
    server,
  }) => {
    const manager = await staffSession(request, server, 'manager', `Mina ${language}`);
    await openConsoleAs(page, manager, language);
    await page.goto('/admin/delivery-slots');
    await expect(page.getByRole('heading', { level: 1, name: t('slots.title') })).toBeVisible();
    // The demo's week: Tuesday has windows, Monday none.
    await expect(page.getByLabel(t('slots.fields.offered'))).toBeChecked();
    await expect(page.getByLabel(t('slots.fields.required'))).not.toBeChecked();
    const capacity = page.getByLabel(t('slots.fields.capacity'), { exact: true });
    // The worker's shop may have run the other language's walk first: each sets its own figure.
    const want = language === 'en' ? '5' : '6';
    await expect(capacity).toHaveValue(/^\d+$/);
    await capacity.fill(want);
    await page.getByRole('button', { name: t('slots.save') }).click();
    await expect(page.getByRole('status').filter({ hasText: t('slots.saved') })).toBeVisible();
    await expect(page.getByLabel(t('slots.fields.capacity'), { exact: true })).toHaveValue(want);
    const upcoming = page.getByRole('table');
    await expect(upcoming.getByRole('cell', { name: `0 / ${want}` }).first()).toBeVisible();

    const packer = await staffSession(request, server, 'packer', `Pat ${language}`);
    await page.context().clearCookies();
    const other = await page.context().newPage();
    await openConsoleAs(other, packer, language);
    await other.goto('/admin/delivery-slots');
    await expect(other.getByText(t('slots.readOnly'))).toBeVisible();
    await expect(other.getByLabel(t('slots.fields.capacity'), { exact: true })).toBeDisabled();
    await expect(other.getByRole('button', { name: t('slots.save') })).toHaveCount(0);
  });
}
