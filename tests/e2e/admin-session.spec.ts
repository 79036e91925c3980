import { paidOrder, staffSignedIn, test } from './fixtures/admin-orders';
import { expect, LANGUAGES, text } from './fixtures/shop';

/** The operator console is desktop-first (admin-console.spec.ts): these run on the desktop project. */
test.beforeEach(({ isMobile }, testInfo) => {
  test.skip(isMobile || testInfo.project.name !== 'desktop', 'the console is desktop-first');
});

/*
 * One session across tabs: the console's session is a cookie of the browser, not of the tab, so an
 * order opened in a new tab and a reload stay signed in, and signing out in one tab signs out all.
 */
for (const language of LANGUAGES) {
  const t = (key: string, params: Record<string, string | number> = {}) =>
    text(language, `admin:${key}`, params);

  test(`a session holds in a new tab and a reload, and sign-out ends it in every tab (${language})`, async ({
    page,
    request,
    shop,
    server,
    catalogue,
  }) => {
    const { orderNo } = await paidOrder(request, shop, catalogue);
    await staffSignedIn(page, server, 'manager', language);

    // No script of the page can read the session.
    expect(await page.evaluate(() => document.cookie)).not.toContain('staff_session');
    expect(await page.evaluate(() => Object.keys(window.sessionStorage))).toEqual([]);

    // The order in a new tab of the same browser: no sign-in, no code.
    const other = await page.context().newPage();
    await other.goto(`/admin/orders/${encodeURIComponent(orderNo)}`);
    const heading = other.getByRole('heading', { level: 1, name: t('orders.detail.title', { orderNo }) });
    await expect(heading).toBeVisible();
    await other.reload();
    await expect(heading).toBeVisible();
    const pack = other.getByRole('button', { name: t('orders.actions.pack') });
    await expect(pack).toBeVisible();

    // Signed out in the first tab…
    await page.getByRole('button', { name: t('app.signOut') }).click();
    await expect(page).toHaveURL(/\/admin\/sign-in$/);
    await expect(page.getByText(t('signIn.notice.signedOut'))).toBeVisible();

    // …the other tab's next action goes to sign-in, and changes nothing.
    await pack.click();
    await expect(other).toHaveURL(/\/admin\/sign-in$/);
    await expect(other.getByText(t('signIn.notice.expired'))).toBeVisible();
    await other.goto(`/admin/orders/${encodeURIComponent(orderNo)}`);
    await expect(other).toHaveURL(/\/admin\/sign-in$/);
    await other.close();
  });
}
