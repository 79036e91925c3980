import type { Page } from '@playwright/test';
import type { Language } from '#shared/constants';
import { type AdminServer, newStaffAddress, test } from './fixtures/admin-server';
import { authenticatorCode, STAFF_PASSWORD, signInOnPage } from './fixtures/console-sign-in';
import { expect, expectAccessible, LANGUAGES, text } from './fixtures/shop';

/** The operator console (docs/architecture.md §7) is desktop-first: these run on the desktop project. */
test.beforeEach(({ isMobile }, testInfo) => {
  test.skip(isMobile || testInfo.project.name !== 'desktop', 'the console is desktop-first');
});

const t = (language: Language, key: string, params: Record<string, string> = {}) =>
  text(language, `admin:${key}`, params);

/** Opens a one-time link, switches the console to `language` there (remembered), sets the password. */
async function setPasswordFromLink(page: Page, link: string, language: Language): Promise<void> {
  await page.goto(link);
  if (language === 'zh') await page.getByRole('button', { name: t('en', 'language.switchTo') }).click();
  await expect(page.getByRole('heading', { name: t(language, 'setPassword.title') })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel(t(language, 'fields.newPassword'), { exact: true }).fill(STAFF_PASSWORD);
  await page.getByLabel(t(language, 'fields.repeatPassword'), { exact: true }).fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: t(language, 'setPassword.submit') }).click();
  await expect(page.getByText(t(language, 'setPassword.done'))).toBeVisible();
  await page.getByRole('link', { name: t(language, 'signIn.title') }).click();
}

async function signOut(page: Page, language: Language): Promise<void> {
  await page.getByRole('button', { name: t(language, 'app.signOut') }).click();
  await expect(page.getByText(t(language, 'signIn.notice.signedOut'))).toBeVisible();
}

const nav = (page: Page, language: Language) =>
  page.getByRole('navigation', { name: t(language, 'nav.label') });

/**
 * Enrols the authenticator on the page the console forces an owner onto, then goes on past the
 * recovery codes it shows once; answers the secret and the codes.
 */
async function enrolAuthenticator(
  page: Page,
  language: Language,
): Promise<{ secret: string; codes: string[] }> {
  await expect(page).toHaveURL(/\/admin\/two-factor$/);
  await expect(page.getByText(t(language, 'twoFactor.required'))).toBeVisible();
  // Nothing else is reachable before enrolment: no navigation at all.
  await expect(nav(page, language)).toHaveCount(0);
  await page.getByRole('button', { name: t(language, 'twoFactor.start') }).click();
  await expect(page.getByRole('img', { name: t(language, 'twoFactor.qrAlt') })).toBeVisible();
  await expectAccessible(page);
  const secret = await page.getByLabel(t(language, 'twoFactor.secret'), { exact: true }).inputValue();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel(t(language, 'fields.code'), { exact: true }).fill(authenticatorCode(secret));
  await page.getByRole('button', { name: t(language, 'twoFactor.confirm') }).click();
  const codes = await recoveryCodesShown(page, language);
  await page.getByRole('button', { name: t(language, 'twoFactor.codesSaved') }).click();
  return { secret, codes };
}

/** The ten recovery codes enrolment shows once, read off the page. */
async function recoveryCodesShown(page: Page, language: Language): Promise<string[]> {
  await expect(page.getByRole('heading', { name: t(language, 'twoFactor.codesTitle') })).toBeVisible();
  const list = page.getByTestId('recovery-codes').getByRole('listitem');
  await expect(list).toHaveCount(10);
  await expect(page.getByRole('link', { name: t(language, 'twoFactor.downloadCodes') })).toBeVisible();
  return list.allInnerTexts();
}

/** Invites a staff member from the Staff page; answers the one-time link shown to copy. */
async function invite(page: Page, language: Language, who: { email: string; name: string }): Promise<string> {
  const form = page.getByRole('region', { name: t(language, 'staff.invite.title') });
  await form.getByLabel(t(language, 'fields.name'), { exact: true }).fill(who.name);
  await form.getByLabel(t(language, 'fields.email'), { exact: true }).fill(who.email);
  await form.getByLabel(t(language, 'fields.role'), { exact: true }).selectOption('packer');
  await form.getByRole('button', { name: t(language, 'staff.invite.submit') }).click();
  const link = form.getByLabel(t(language, 'staff.invite.link'), { exact: true });
  await expect(link).toHaveValue(/\/admin\/set-password\?token=/);
  await expect(page.getByRole('row', { name: new RegExp(who.name) })).toBeVisible();
  await expectAccessible(page);
  return link.inputValue();
}

async function ownerWithAuthenticator(page: Page, server: AdminServer, language: Language) {
  const email = newStaffAddress(`owner-${language}`);
  await setPasswordFromLink(page, await server.addStaff(email, 'owner'), language);
  await signInOnPage(page, language, email);
  const { secret, codes } = await enrolAuthenticator(page, language);
  // An owner lands on Today, the console's home for every role, and finds Staff in the navigation.
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: t(language, 'today.title'), level: 1 })).toBeVisible();
  await nav(page, language)
    .getByRole('link', { name: t(language, 'nav.staff') })
    .click();
  await expect(page).toHaveURL(/\/admin\/staff$/);
  return { email, secret, codes };
}

for (const language of LANGUAGES) {
  test.describe(`console (${language})`, () => {
    test('an owner added on the command line sets a password, enrols TOTP, signs out and back in with a code', async ({
      page,
      server,
    }) => {
      const { email, secret } = await ownerWithAuthenticator(page, server, language);
      await signOut(page, language);
      // The next step's code: the one used to enrol is never accepted twice.
      // Back on the page they signed out from.
      await signInOnPage(page, language, email, () => authenticatorCode(secret, 1));
      await expect(page).toHaveURL(/\/admin\/staff$/);
      await expect(page.getByRole('heading', { name: t(language, 'nav.staff'), level: 1 })).toBeVisible();
      await expect(page.getByRole('row', { name: new RegExp(email) })).toBeVisible();
      // A tablet (768 px and up) keeps the side navigation and the whole invitation form in view.
      await page.setViewportSize({ width: 768, height: 1024 });
      await expect(
        nav(page, language).getByRole('link', { name: t(language, 'nav.staff') }),
      ).toBeInViewport();
      await expect(page.getByRole('button', { name: t(language, 'staff.invite.submit') })).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    });

    test('a wrong code is refused with a message and the password step is not asked again', async ({
      page,
      server,
    }) => {
      const { email, secret } = await ownerWithAuthenticator(page, server, language);
      await signOut(page, language);
      const right = authenticatorCode(secret, 1);
      await signInOnPage(page, language, email, () => (right === '000000' ? '111111' : '000000'));
      await expect(page.getByRole('alert')).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/sign-in$/);
      await page.getByLabel(t(language, 'fields.code'), { exact: true }).fill(right);
      await page.getByRole('button', { name: t(language, 'signIn.submit') }).click();
      await expect(page).toHaveURL(/\/admin\/staff$/);
    });

    test('a lost authenticator: a recovery code signs in once, and the account shows what is left', async ({
      page,
      server,
    }) => {
      const { email, codes } = await ownerWithAuthenticator(page, server, language);
      const [first = ''] = codes;
      await signOut(page, language);
      const withRecoveryCode = async () => {
        await signInOnPage(page, language, email);
        await page.getByRole('button', { name: t(language, 'signIn.useRecoveryCode') }).click();
        await page.getByLabel(t(language, 'fields.recoveryCode'), { exact: true }).fill(first);
        await page.getByRole('button', { name: t(language, 'signIn.submit') }).click();
      };
      await withRecoveryCode();
      await expect(page).toHaveURL(/\/admin\/staff$/);
      await page.goto('/admin/account');
      await expect(page.getByTestId('recovery-left')).toHaveText(
        t(language, 'account.recoveryLeftCount', { count: '9' }),
      );
      await signOut(page, language);
      await withRecoveryCode();
      await expect(page.getByRole('alert')).toContainText(text(language, 'errors:staff.recoveryCodeUsed'));
      await expect(page).toHaveURL(/\/admin\/sign-in$/);
    });

    test('an invited packer sees no Staff item and is refused the Staff page', async ({
      page,
      server,
      browser,
    }) => {
      await ownerWithAuthenticator(page, server, language);
      const packer = { email: newStaffAddress(`packer-${language}`), name: `Pat ${language}` };
      const link = await invite(page, language, packer);

      const context = await browser.newContext({ baseURL: server.url });
      try {
        const packerPage = await context.newPage();
        await setPasswordFromLink(packerPage, link, language);
        await signInOnPage(packerPage, language, packer.email);
        // A packer lands on Today too; Staff is not offered.
        await expect(packerPage).toHaveURL(/\/admin$/);
        await expect(
          packerPage.getByRole('heading', { name: t(language, 'today.title'), level: 1 }),
        ).toBeVisible();
        await expect(
          packerPage.getByText(t(language, 'roles.packer'), { exact: true }).first(),
        ).toBeVisible();
        await expect(packerPage.getByRole('link', { name: t(language, 'nav.staff') })).toHaveCount(0);
        await packerPage.goto('/admin/staff');
        await expect(packerPage.getByRole('heading', { name: t(language, 'error.forbidden') })).toBeVisible();
        // The server refuses the packer's session too, whatever the page shows.
        const answer = await context.request.get('/api/admin/staff');
        expect(answer.status()).toBe(403);

        // Two-factor is theirs to choose: on from the account page, and off again with a code.
        await packerPage.goto('/admin/account');
        const off = packerPage
          .getByRole('definition')
          .filter({ hasText: t(language, 'account.twoFactorOff') });
        await expect(off).toBeVisible();
        await packerPage.getByRole('link', { name: t(language, 'twoFactor.title') }).click();
        await packerPage.getByRole('button', { name: t(language, 'twoFactor.start') }).click();
        const secret = await packerPage
          .getByLabel(t(language, 'twoFactor.secret'), { exact: true })
          .inputValue();
        await packerPage
          .getByLabel(t(language, 'fields.code'), { exact: true })
          .fill(authenticatorCode(secret));
        await packerPage.getByRole('button', { name: t(language, 'twoFactor.confirm') }).click();
        await recoveryCodesShown(packerPage, language);
        await packerPage.getByRole('button', { name: t(language, 'twoFactor.codesSaved') }).click();
        // Enrolled by choice, they are back on their account, which says two-factor is on.
        await expect(packerPage).toHaveURL(/\/admin\/account$/);
        const on = packerPage.getByRole('definition').filter({ hasText: t(language, 'account.twoFactorOn') });
        await expect(on).toBeVisible();
        const turnOff = packerPage
          .locator('form')
          .filter({ has: packerPage.getByRole('heading', { name: t(language, 'account.turnOff.title') }) });
        await turnOff
          .getByLabel(t(language, 'fields.code'), { exact: true })
          .fill(authenticatorCode(secret, 1));
        await turnOff.getByRole('button', { name: t(language, 'account.turnOff.submit') }).click();
        await expect(off).toBeVisible();
      } finally {
        await context.close();
      }
    });

    test('a session the server no longer knows returns to sign-in with a message', async ({
      page,
      server,
    }) => {
      await ownerWithAuthenticator(page, server, language);
      // Off the console first: a request of its page could otherwise meet the bad cookie before the
      // reload does, show the notice there, and leave the reload none to show (src/admin/lib/session.ts).
      await page.goto('about:blank');
      // The browser now holds a cookie that names no session.
      await page.context().clearCookies({ name: 'staff_session' });
      await page.context().addCookies([
        {
          name: 'staff_session',
          value: 'not-a-session-token-at-all',
          domain: new URL(server.url).hostname,
          path: '/api/admin',
        },
      ]);
      await page.goto('/admin/account');
      await expect(page).toHaveURL(/\/admin\/sign-in$/);
      await expect(page.getByText(t(language, 'signIn.notice.expired'))).toBeVisible();
    });
  });
}
