import type { Page } from '@playwright/test';
import { paidOrder, staffSignedIn, test } from './fixtures/admin-orders';
import { type AdminServer, newStaffAddress } from './fixtures/admin-server';
import {
  authenticatorCode,
  consolePost,
  STAFF_PASSWORD,
  signInOnPage,
  signInOverApi,
} from './fixtures/console-sign-in';
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

/*
 * The case the issue began with: an owner, who signs in with a second factor, opens an order in a
 * new tab and is asked for nothing; signing out in that new tab ends the first tab's session too.
 */
for (const language of LANGUAGES) {
  const t = (key: string, params: Record<string, string | number> = {}) =>
    text(language, `admin:${key}`, params);

  test(`an owner signed in with a code is not asked again in a new tab; sign-out there ends both (${language})`, async ({
    page,
    request,
    shop,
    server,
    catalogue,
  }) => {
    const { orderNo } = await paidOrder(request, shop, catalogue);
    const { email, secret } = await ownerEnrolled(page, server);
    await page.addInitScript((lng) => window.localStorage.setItem('admin:lang', lng), language);
    await page.goto('/admin/sign-in');
    // The next step's code: the one used to enrol is never accepted twice.
    await signInOnPage(page, language, email, () => authenticatorCode(secret, 1));
    await expect(page).toHaveURL(/\/admin$/, { timeout: 30_000 });

    const other = await page.context().newPage();
    await other.goto(`/admin/orders/${encodeURIComponent(orderNo)}`);
    await expect(
      other.getByRole('heading', { level: 1, name: t('orders.detail.title', { orderNo }) }),
    ).toBeVisible();
    await expect(other.getByLabel(t('fields.code'), { exact: true })).toHaveCount(0);

    await other.getByRole('button', { name: t('app.signOut') }).click();
    await expect(other).toHaveURL(/\/admin\/sign-in$/);
    await page.reload();
    await expect(page).toHaveURL(/\/admin\/sign-in$/);
    await other.close();
  });
}

/**
 * An owner added on the command line, with a password set from the link and an authenticator
 * enrolled over the API; signed out again, so the page starts at the sign-in form.
 */
async function ownerEnrolled(page: Page, server: AdminServer): Promise<{ email: string; secret: string }> {
  const email = newStaffAddress('owner-tabs');
  const link = new URL(await server.addStaff(email, 'owner'));
  await consolePost(page.request, `${server.url}/api/admin/password/set`, {
    token: link.searchParams.get('token') ?? '',
    password: STAFF_PASSWORD,
  });
  const { secret = '' } = await signInOverApi(page.request, email, { enrol: true });
  await page.context().clearCookies();
  return { email, secret };
}
