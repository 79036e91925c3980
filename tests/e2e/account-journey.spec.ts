import { mailedCode, newAddress, signInWithForm, test } from './fixtures/account-server';
import { expect as base, chooseLanguage, LANGUAGES, paired, text } from './fixtures/shop';

const PASSWORD = 'fresh greens 1';
// Password hashing (scrypt, 128 MiB) is slow on a loaded machine: wait for the server's answers longer.
const expect = base.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

for (const lang of LANGUAGES) {
  const a = (key: string, params?: Record<string, string | number>) => text(lang, `account:${key}`, params);
  const p = (key: string) => text(lang, `profile:${key}`);
  const labels = { email: a('field.email'), password: a('field.password'), submit: a('signIn.submit') };

  test(
    `${lang}: sign up with the mailed code, sign in, profile, settings, change name, sign out`,
    paired(lang),
    async ({ page, server }) => {
      await chooseLanguage(page, lang);
      const email = newAddress('journey');
      await page.goto('/account/signup');
      await page.getByLabel(a('field.email'), { exact: true }).fill(email);
      const since = server.mail.countTo(email);
      await page.getByRole('button', { name: a('code.send'), exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: email })).toBeVisible();
      const code = await mailedCode(server, email, since);
      await page.getByLabel(a('field.code'), { exact: true }).fill(code);
      await page.getByLabel(a('field.name'), { exact: true }).fill('Lin Mei');
      await page.getByLabel(a('field.password'), { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: a('signUp.submit') }).click();
      await expect(page).toHaveURL(/\/account$/);
      await expect(page.getByText(a('signUp.done'))).toBeVisible();

      await signInWithForm(page, labels, { email, password: PASSWORD });
      await expect(page).toHaveURL(/\/home$/);
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
      expect(Object.keys(stored).sort()).toEqual(['avatar', 'email', 'name', 'token', 'uuid']);
      expect(stored).toMatchObject({ email, name: 'Lin Mei' });

      await page.goto('/profile');
      const card = page.getByRole('region', { name: p('title') });
      await expect(card.getByText('Lin Mei')).toBeVisible();
      await expect(card.getByText(email)).toBeVisible();
      // The profile's own menu (the footer links to the orders too, with the same words in Chinese).
      const menu = page.getByRole('main');
      for (const item of ['orders', 'reviews', 'returns', 'coupons', 'address', 'payments'])
        await expect(menu.getByRole('link', { name: p(`menu.${item}`), exact: true })).toHaveAttribute(
          'href',
          `/profile/${item}`,
        );
      await card.getByRole('link', { name: p('menu.settings') }).click();
      await expect(page).toHaveURL(/\/profile\/settings$/);

      await page.getByRole('button', { name: p('settings.about') }).click();
      const about = page.getByRole('dialog', { name: p('settings.about') });
      await expect(about.getByText(p('settings.aboutText'))).toBeVisible();
      await page.keyboard.press('Escape');

      await page
        .getByRole('main')
        .getByRole('link', { name: p('settings.profile') })
        .click();
      await page.getByRole('button', { name: p('settings.name') }).click();
      const dialog = page.getByRole('dialog', { name: p('settings.name') });
      const nameInput = dialog.getByLabel(p('settings.name'));
      await nameInput.fill('   ');
      await dialog.getByRole('button', { name: p('settings.save') }).click();
      await expect(dialog.getByText(a('problem.nameEmpty'))).toBeVisible();
      await nameInput.fill('林美');
      await dialog.getByRole('button', { name: p('settings.save') }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(p('settings.nameSaved'))).toBeVisible();
      await expect(page.getByRole('button', { name: p('settings.name') })).toContainText('林美');

      await page.getByRole('button', { name: p('settings.avatar') }).click();
      const picker = page.getByRole('dialog', { name: p('settings.avatar') });
      const option = picker.getByRole('radio', {
        name: text(lang, 'profile:settings.avatarOption', { n: 3 }),
      });
      await picker.locator('label.avatar-option').nth(2).click();
      await expect(option).toBeChecked();
      await picker.getByRole('button', { name: p('settings.save') }).click();
      await expect(picker).toBeHidden();
      const avatar = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').avatar);
      expect(avatar).toMatch(/avatar/);

      await page.goto('/profile');
      await expect(page.getByRole('region', { name: p('title') }).getByText('林美')).toBeVisible();
      await expect(page.getByRole('region', { name: p('title') }).locator('img')).toHaveAttribute(
        'src',
        avatar,
      );

      await page.goto('/profile/settings');
      await page.getByRole('button', { name: p('settings.signOut') }).click();
      await expect(page).toHaveURL(/\/home$/);
      expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
      await page.goto('/profile');
      await expect(page.getByText(text(lang, 'error.noUser'))).toBeVisible();
    },
  );

  test(
    `${lang}: reset the password with the mailed code, then change it in account settings`,
    paired(lang, true),
    async ({ page, request, server }) => {
      const { email } = server.veteran;
      await chooseLanguage(page, lang);
      await page.goto('/account/resetpassword');
      await page.getByLabel(a('field.email'), { exact: true }).fill(email);
      const since = server.mail.countTo(email);
      await page.getByRole('button', { name: a('code.send'), exact: true }).click();
      await expect(page.getByLabel(a('field.email'), { exact: true })).not.toBeEditable();
      const code = await mailedCode(server, email, since);
      await page.getByLabel(a('field.code'), { exact: true }).fill(code);
      await page.getByLabel(a('field.newPassword'), { exact: true }).fill('new leaves 22');
      await page.getByRole('button', { name: a('reset.submit') }).click();
      await expect(page).toHaveURL(/\/account$/);
      await expect(page.getByText(a('reset.done'))).toBeVisible();
      await expect(page.getByLabel(labels.email, { exact: true })).toHaveValue(email);
      await signInWithForm(page, labels, { email, password: 'new leaves 22' });
      await expect(page).toHaveURL(/\/home$/);

      await page.goto('/profile/settings/account');
      await expect(page.getByText(email)).toBeVisible();
      await page.getByRole('button', { name: p('settings.changePassword') }).click();
      const dialog = page.getByRole('dialog', { name: p('settings.changePassword') });
      await dialog.getByLabel(p('settings.currentPassword')).fill('wrong password 1');
      await dialog.getByLabel(p('settings.newPassword')).fill('third crop 333');
      await dialog.getByRole('button', { name: p('settings.save') }).click();
      await expect(dialog.getByRole('alert')).toHaveText(text(lang, 'errors:account.oldPasswordWrong'));
      await dialog.getByLabel(p('settings.currentPassword')).fill('new leaves 22');
      await dialog.getByRole('button', { name: p('settings.save') }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(p('settings.passwordChanged'))).toBeVisible();
      const answer = await request.post('/api/login', { form: { email, password: 'third crop 333' } });
      expect(answer.status()).toBe(200);
    },
  );
}
