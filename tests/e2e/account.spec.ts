import { accountByApi, newAddress, signInWithForm, test } from './fixtures/account-server';
import { expect as base, chooseLanguage, LANGUAGES, paired, text } from './fixtures/shop';

const PASSWORD = 'fresh greens 1';
// Password hashing (scrypt, 128 MiB) is slow on a loaded machine: wait for the server's answers longer.
const expect = base.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

for (const lang of LANGUAGES) {
  const a = (key: string, params?: Record<string, string | number>) => text(lang, `account:${key}`, params);
  const e = (key: string, params?: Record<string, string>) => text(lang, `errors:account.${key}`, params);
  const labels = { email: a('field.email'), password: a('field.password'), submit: a('signIn.submit') };

  test(
    `${lang}: sign in checks its fields in order and shows the server's message in a red banner`,
    paired(lang),
    async ({ page, request, server }) => {
      await chooseLanguage(page, lang);
      await page.goto('/account');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(a('signIn.title'));
      const submit = page.getByRole('button', { name: labels.submit, exact: true });
      await submit.click();
      await expect(page.getByText(a('problem.emailEmpty'), { exact: true })).toBeVisible();
      await expect(page.getByText(a('problem.passwordEmpty'), { exact: true })).toBeVisible();
      await expect(page.getByLabel(labels.email, { exact: true })).toBeFocused();
      if (lang === 'en') {
        await expect(page.getByText('Empty Email')).toBeVisible();
        await expect(page.getByText('Empty Password')).toBeVisible();
      }
      await page.getByLabel(labels.email, { exact: true }).fill('.dot@example');
      await submit.click();
      await expect(page.getByText(a('problem.emailInvalid'), { exact: true })).toBeVisible();
      if (lang === 'en') await expect(page.getByText('Email Not Valid')).toBeVisible();

      const account = { email: newAddress('banner'), name: 'Mei', password: PASSWORD };
      await accountByApi(request, server, account);
      const login = page.waitForRequest((r) => r.url().includes('/api/login'));
      await signInWithForm(page, labels, { email: account.email, password: 'not the password' });
      const sent = await login;
      expect(sent.url()).not.toContain('password');
      expect(sent.postData()).toContain('password=not+the+password');
      await expect(page.getByRole('alert')).toHaveText(e('badCredentials'));
      if (lang === 'en')
        await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
      await expect(page).toHaveURL(/\/account$/);

      await page.getByRole('link', { name: a('signIn.forgot') }).click();
      await expect(page).toHaveURL(/\/account\/resetpassword$/);
      await page.goto('/account');
      await page.getByRole('link', { name: a('signIn.signUp'), exact: true }).click();
      await expect(page).toHaveURL(/\/account\/signup$/);
    },
  );

  test(
    `${lang}: sign up checks every field, counts down 60 s with the email locked, shows a 429`,
    paired(lang),
    async ({ page }) => {
      await page.clock.install();
      await chooseLanguage(page, lang);
      await page.goto('/account/signup');
      await expect(page.getByText(a('passwordHint'), { exact: true })).toBeVisible();
      if (lang === 'en')
        await expect(page.getByText('At least 8 characters, up to 15 characters.')).toBeVisible();
      await page.getByRole('button', { name: a('signUp.submit') }).click();
      for (const key of ['emailEmpty', 'codeEmpty', 'nameEmpty', 'passwordEmpty'])
        await expect(page.getByText(a(`problem.${key}`), { exact: true })).toBeVisible();
      if (lang === 'en') await expect(page.getByText('Empty Code')).toBeVisible();

      const email = page.getByLabel(a('field.email'), { exact: true });
      const send = page.getByRole('button', { name: a('code.send'), exact: true });
      await email.fill('not-an-email');
      await send.click();
      await expect(page.getByText(a('problem.emailInvalid'), { exact: true })).toBeVisible();

      await email.fill(newAddress('countdown'));
      await send.click();
      const waiting = page.getByRole('button', { name: a('code.waitLabel', { seconds: 60 }) });
      await expect(waiting).toBeDisabled();
      await expect(waiting).toHaveText(a('code.wait', { seconds: 60 }));
      await expect(email).not.toBeEditable();
      await page.clock.runFor(30_000);
      await expect(page.getByRole('button', { name: a('code.waitLabel', { seconds: 30 }) })).toBeDisabled();
      await expect(email).not.toBeEditable();
      await page.clock.runFor(31_000);
      await expect(send).toBeEnabled();
      await expect(email).toBeEditable();
      // The page's clock ran ahead; the server's did not, so it refuses a second code for now.
      await send.click();
      const wait = e('codeWait', { seconds: 'SECONDS' })
        .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
        .replace('SECONDS', '\\d+');
      await expect(page.getByRole('alert')).toHaveText(new RegExp(`^${wait}$`));
    },
  );

  test(
    `${lang}: reset password checks its fields and sends a code only to a valid email`,
    paired(lang, true),
    async ({ page }) => {
      await chooseLanguage(page, lang);
      await page.goto('/account/resetpassword');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(a('reset.title'));
      await page.getByRole('button', { name: a('reset.submit') }).click();
      for (const key of ['emailEmpty', 'codeEmpty', 'passwordEmpty'])
        await expect(page.getByText(a(`problem.${key}`), { exact: true })).toBeVisible();
      await page.getByRole('button', { name: a('code.send'), exact: true }).click();
      await expect(page.getByText(a('problem.emailEmpty'), { exact: true })).toBeVisible();
      await page.getByLabel(a('field.email'), { exact: true }).fill('a@b.c');
      await page.getByRole('button', { name: a('code.send'), exact: true }).click();
      await expect(page.getByText(a('problem.emailInvalid'), { exact: true })).toBeVisible();
    },
  );
}

test('visitors are sent to /account from every signed-in-only screen', async ({ page }) => {
  const paths = [
    '/profile/address',
    '/profile/payments',
    '/profile/orders',
    '/order/x',
    '/pay/x',
    '/profile/settings/account',
    '/profile/settings/profile',
  ];
  for (const path of paths) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/account$/);
  }
});

test('a session the server no longer knows is forgotten and sign-in is offered (401)', async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      const user = { avatar: '', email: 'gone@example.com', name: 'Gone', token: 'revoked-token', uuid: 'u' };
      localStorage.setItem('user', JSON.stringify(user));
    }
  });
  await page.goto('/profile');
  await expect(page.getByText(text('en', 'error.noUser'))).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  await page.getByRole('link', { name: text('en', 'profile:signIn') }).click();
  await expect(page).toHaveURL(/\/account$/);
});
