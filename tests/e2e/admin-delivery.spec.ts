import { openConsoleAs, setDeliveryTerms, staffSession, test } from './fixtures/admin-shop-server';
import { expect as base, LANGUAGES, text } from './fixtures/shop';

/**
 * The console's Delivery page, in both languages: saving the terms says "Saved" (the form is
 * redrawn with what the server kept, and the confirmation outlives that). Desktop-first.
 */
test.beforeEach(({ isMobile }, testInfo) => {
  test.skip(isMobile || testInfo.project.name !== 'desktop', 'the console is desktop-first');
});
test.describe.configure({ timeout: 120_000 });
const expect = base.configure({ timeout: 15_000 });

// The worker's shop is shared with other specs (worker-servers.ts): the demo's terms again after each test.
let managerToken = '';
test.afterEach(async ({ request, server }) => {
  if (managerToken) await setDeliveryTerms(request, server, managerToken);
  managerToken = '';
});

for (const language of LANGUAGES) {
  const t = (key: string, params: Record<string, string | number> = {}) =>
    text(language, `admin:${key}`, params);

  test(`${language}: a manager saves the delivery terms and is told they are saved`, async ({
    page,
    request,
    server,
  }) => {
    const manager = await staffSession(request, server, 'manager', `Dee ${language}`);
    managerToken = manager.token;
    await openConsoleAs(page, manager, language);
    await page.goto('/admin/delivery');
    await expect(page.getByRole('heading', { level: 1, name: t('delivery.title') })).toBeVisible();
    const fee = page.getByLabel(t('delivery.fields.fee'), { exact: true });
    const want = language === 'en' ? '4.99' : '5.99';
    await fee.fill(want);
    await page.getByRole('button', { name: t('delivery.save') }).click();
    await expect(page.getByRole('status').filter({ hasText: t('delivery.saved') })).toBeVisible();
    await expect(page.getByLabel(t('delivery.fields.fee'), { exact: true })).toHaveValue(want);
  });
}
