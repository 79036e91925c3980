import type { Browser, Page } from '@playwright/test';
import type { Language } from '#shared/constants';
import { BILLING } from '../helpers/forms';
import {
  type AdminShop,
  adminText,
  desktopOnly,
  openConsoleAs,
  type StaffSession,
  staffSession,
  test,
} from './fixtures/admin-shop-server';
import { placeOrder } from './fixtures/order';
import { expect as base, expectAccessible, LANGUAGES, text } from './fixtures/shop';
import { callApi, type SignedInShopper } from './fixtures/shopper';

/** The console's shop pages (docs/architecture.md §7): Today, Customers, Audit. Desktop-first. */
desktopOnly();
test.describe.configure({ timeout: 90_000 });
// Password hashing (scrypt) is slow on a loaded machine: wait for the server's answers longer.
const expect = base.configure({ timeout: 15_000 });

const t = adminText;
const nav = (page: Page, language: Language) =>
  page.getByRole('navigation', { name: t(language, 'nav.label') });

/** Pays the shopper's order by card through the sandbox, as the pay page does. */
async function pay(page: Page, server: AdminShop, shopper: SignedInShopper, orderNo: string) {
  const paid = await callApi<{ status: number }>(
    page.request,
    server,
    shopper,
    'POST',
    '/api/authorize/pay',
    {
      order: orderNo,
      card: '4111111111111111',
      date: '12/30',
      code: '123',
      ...BILLING,
    },
  );
  expect(paid.status).toBe(2);
}

/** The storefront's sign-in, in `language`, in a browser of its own (a shopper's own device). */
async function storefrontSignIn(browser: Browser, server: AdminShop, email: string, language: Language) {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.addInitScript((lng) => window.localStorage.setItem('lang', lng), language);
  await page.goto('/account');
  const a = (key: string) => text(language, `account:${key}`);
  await page.getByLabel(a('field.email'), { exact: true }).fill(email);
  await page.getByLabel(a('field.password'), { exact: true }).fill('horse battery 1');
  await page.getByRole('button', { name: a('signIn.submit'), exact: true }).click();
  return { page, close: () => context.close() };
}

for (const language of LANGUAGES) {
  test.describe(`console shop pages (${language})`, () => {
    test('Today lists an unpaid order as about to expire, then as waiting to be packed once paid', async ({
      page,
      request,
      server,
      shopper,
      catalogue,
    }) => {
      const packer: StaffSession = await staffSession(request, server, 'packer', `Pat ${language}`);
      const orderNo = await placeOrder(request, server, shopper, catalogue);
      await openConsoleAs(page, packer, language);
      await page.goto('/admin');
      await expect(page.getByRole('heading', { name: t(language, 'today.title'), level: 1 })).toBeVisible();
      const expiring = page.getByRole('region', {
        name: t(language, 'today.expiring.title', { minutes: 10 }),
      });
      const toPack = page.getByRole('region', { name: t(language, 'today.toPack.title') });
      await expect(page.getByRole('link', { name: orderNo })).toHaveCount(1);
      await expect(toPack.getByRole('link', { name: orderNo })).toHaveCount(0);
      await expectAccessible(page);

      await pay(page, server, shopper, orderNo);
      await page.reload();
      const link = toPack.getByRole('link', { name: orderNo });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', `/admin/orders/${orderNo}`);
      await expect(expiring.getByRole('link', { name: orderNo })).toHaveCount(0);
      // The shop's takings are not a packer's business.
      await expect(page.getByRole('region', { name: t(language, 'today.paid.title') })).toHaveCount(0);
    });

    test('a manager disables a customer, whose sign-in is then refused, enables them, and the audit log names the manager', async ({
      page,
      request,
      browser,
      server,
      shopper,
    }) => {
      const manager = await staffSession(request, server, 'manager', `Morgan ${language}`);
      await openConsoleAs(page, manager, language);
      await page.goto('/admin');
      await nav(page, language)
        .getByRole('link', { name: t(language, 'customers.title') })
        .click();
      await expect(page).toHaveURL(/\/admin\/customers$/);
      await page.getByLabel(t(language, 'customers.search.label'), { exact: true }).fill(shopper.email);
      await page.getByRole('button', { name: t(language, 'customers.search.submit'), exact: true }).click();
      await expect(page.getByText(t(language, 'customers.count', { count: 1 }))).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('link', { name: shopper.name }).click();
      await expect(page.getByRole('heading', { name: shopper.name, level: 1 })).toBeVisible();
      await expect(page.getByText(t(language, 'customers.state.active'), { exact: true })).toBeVisible();

      await page.getByRole('button', { name: t(language, 'customers.account.disable') }).click();
      await expect(
        page.getByText(t(language, 'customers.account.confirmText', { name: shopper.name })),
      ).toBeVisible();
      await page
        .getByRole('button', { name: t(language, 'customers.account.confirm', { name: shopper.name }) })
        .click();
      await expect(page.getByText(t(language, 'customers.account.disabledHint'))).toBeVisible();
      await expectAccessible(page);

      const refused = await storefrontSignIn(browser, server, shopper.email, language);
      await expect(refused.page.getByRole('alert')).toHaveText(text(language, 'errors:account.disabled'));
      await refused.close();

      await page.getByRole('button', { name: t(language, 'customers.account.enable') }).click();
      await expect(page.getByText(t(language, 'customers.state.active'), { exact: true })).toBeVisible();
      const welcome = await storefrontSignIn(browser, server, shopper.email, language);
      await expect(welcome.page).toHaveURL(/\/home$/);
      await welcome.close();

      // From the customer, their own audit log: the target filter set to them.
      await page.getByRole('link', { name: t(language, 'customers.auditLink') }).click();
      await expect(page.getByLabel(t(language, 'audit.filter.target'), { exact: true })).toHaveValue(
        'customer',
      );
      await expect(page.getByRole('row').filter({ hasText: shopper.email })).toHaveCount(2);
      // The heading row and their two entries: no one else's.
      await expect(page.getByRole('row')).toHaveCount(3);

      await nav(page, language)
        .getByRole('link', { name: t(language, 'audit.title') })
        .click();
      await expect(page).toHaveURL(/\/admin\/audit$/);
      await page.getByLabel(t(language, 'audit.filter.staff'), { exact: true }).selectOption(manager.name);
      await page.getByRole('button', { name: t(language, 'audit.filter.submit'), exact: true }).click();
      // Their own password set from the link is there too; these two are the customer's.
      const rows = page.getByRole('row').filter({ hasText: manager.name }).filter({ hasText: shopper.email });
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0)).toContainText(t(language, 'audit.actions.customer.enable'));
      await expect(rows.nth(1)).toContainText(t(language, 'audit.actions.customer.disable'));
      // Before → after, readably: the account's state, not a JSON field.
      await expect(rows.nth(1)).toContainText(t(language, 'customers.state.disabled'));
      await expectAccessible(page);
    });

    test('a packer has no Customers or Audit item and is refused the Customers page', async ({
      page,
      request,
      server,
    }) => {
      const packer = await staffSession(request, server, 'packer', `Pip ${language}`);
      await openConsoleAs(page, packer, language);
      await page.goto('/admin');
      await expect(nav(page, language).getByRole('link', { name: t(language, 'today.title') })).toBeVisible();
      await expect(page.getByRole('link', { name: t(language, 'customers.title') })).toHaveCount(0);
      await expect(page.getByRole('link', { name: t(language, 'audit.title') })).toHaveCount(0);
      await page.goto('/admin/customers');
      await expect(page.getByRole('heading', { name: t(language, 'error.forbidden') })).toBeVisible();
      await page.goto('/admin/audit');
      await expect(page.getByRole('heading', { name: t(language, 'error.forbidden') })).toBeVisible();
    });
  });
}
