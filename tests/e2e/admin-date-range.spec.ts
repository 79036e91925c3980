import { adminText, desktopOnly, openConsoleAs, staffSession, test } from './fixtures/admin-shop-server';
import { expect, LANGUAGES } from './fixtures/shop';

desktopOnly();

/**
 * The three lists filtered by days, each with its button that applies the range; the reports open
 * on the last 7 days once the report has loaded.
 */
const PAGES = [
  { path: '/admin/reports', apply: 'reports.range.show', opensWithRange: true },
  { path: '/admin/orders', apply: 'orders.filters.apply', opensWithRange: false },
  { path: '/admin/audit', apply: 'audit.filter.submit', opensWithRange: false },
] as const;

for (const language of LANGUAGES) {
  test(`reports, orders and the audit log refuse a backwards range alike (${language})`, async ({
    page,
    request,
    server,
  }) => {
    const t = (key: string) => adminText(language, key);
    const manager = await staffSession(request, server, 'manager', `Mei ${language}`);
    await openConsoleAs(page, manager, language);
    for (const { path, apply, opensWithRange } of PAGES) {
      await page.goto(path);
      const from = page.getByLabel(t('dateRange.from'), { exact: true });
      const to = page.getByLabel(t('dateRange.to'), { exact: true });
      if (opensWithRange) await expect(from).not.toHaveValue('');
      await from.fill('2026-03-10');
      await to.fill('2026-03-01');
      await expect(page.getByText(t('dateRange.backwards'))).toBeVisible();
      await page.getByRole('button', { name: t(apply), exact: true }).click();
      // Not applied: the page's address keeps no range.
      await expect(page).not.toHaveURL(/from=2026-03-10/);
      await to.fill('2026-03-20');
      await expect(page.getByText(t('dateRange.backwards'))).toHaveCount(0);
      await page.getByRole('button', { name: t(apply), exact: true }).click();
      await expect(page).toHaveURL(/from=2026-03-10/);
      await expect(page).toHaveURL(/to=2026-03-20/);
    }
  });
}
