import { chooseLanguage, expect, LANGUAGES, test, text } from './fixtures/shop';

test('the language choice is saved, sets <html lang> and survives a reload', async ({ page }) => {
  await page.goto('/home');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('link', { name: text('en', 'nav.categories') }).first()).toBeVisible();

  await page.getByRole('button', { name: text('en', 'language.switchTo') }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
  await expect(page.getByRole('link', { name: text('zh', 'nav.categories') }).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('zh');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
  await expect(page).toHaveTitle(text('zh', 'title'));

  await page.getByRole('button', { name: text('zh', 'language.switchTo') }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle(text('en', 'title'));
});

test('/ goes to home; the settings page switches language too', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/profile/settings/languages');
  await page.getByRole('radio', { name: '中文' }).check();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
  await expect(page.getByRole('radio', { name: '中文' })).toBeChecked();
});

for (const lang of LANGUAGES) {
  test(`${lang}: tabs or top navigation lead to every main screen, a visitor's cart has no badge`, async ({
    page,
    isPhone,
  }) => {
    await chooseLanguage(page, lang);
    await page.goto('/home');
    const nav = page.getByRole('navigation', { name: text(lang, isPhone ? 'nav.tabs' : 'nav.label') });
    await expect(nav).toBeVisible();
    await nav.getByRole('link', { name: text(lang, 'nav.categories') }).click();
    await expect(page).toHaveURL(/\/categories$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text(lang, 'catalogue:categories.title'),
    );

    if (isPhone) {
      await expect(page.getByTestId('tab-cart-badge')).toHaveCount(0);
      await nav.getByRole('link', { name: text(lang, 'nav.cart') }).click();
    } else {
      await expect(page.getByTestId('cart-badge')).toHaveCount(0);
      await page.getByRole('link', { name: text(lang, 'nav.cart'), exact: true }).click();
    }
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByText(text(lang, 'error.noUser'))).toBeVisible();
    await page.getByRole('link', { name: text(lang, 'cart:signInNow') }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lang, 'account:signIn.title'));

    await page.goto('/profile');
    await expect(page.getByText(text(lang, 'error.noUser'))).toBeVisible();
    await page.getByRole('link', { name: text(lang, 'profile:signIn') }).click();
    await expect(page).toHaveURL(/\/account$/);
  });
}

test('a signed-in shopper whose cart count call fails sees no badge, not a made-up 0', async ({ page }) => {
  await page.addInitScript(() =>
    window.localStorage.setItem(
      'user',
      JSON.stringify({ avatar: '', email: 'mei@example.com', name: 'Mei', token: 'a-token', uuid: 'u-1' }),
    ),
  );
  let asked = false;
  await page.route('**/api/goods/count', (route) => {
    asked = true;
    return route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"code":500,"message":"x"}',
    });
  });
  await page.goto('/home');
  await expect(page.getByRole('link', { name: text('en', 'nav.cart'), exact: true }).first()).toBeVisible();
  await expect.poll(() => asked).toBe(true);
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('tab-cart-badge')).toHaveCount(0);
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);
});

test('the phone header has the search-box link and the notification bell', async ({ page, isPhone }) => {
  test.skip(!isPhone, 'phones only');
  await page.goto('/home');
  await page.getByRole('link', { name: text('en', 'nav.notifications') }).click();
  await expect(page).toHaveURL(/\/profile\/notifications$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('en', 'profile:menu.notifications'));
  await page.goto('/home');
  await page.getByRole('link', { name: text('en', 'search.placeholder') }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByRole('searchbox')).toBeFocused();
});

test('visitors are sent to /account from addresses, cards, orders and payment', async ({ page }) => {
  for (const path of ['/profile/address', '/profile/payments', '/profile/orders', '/order/123', '/pay/123']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/account$/);
  }
});

test('every route of the table exists; title-only screens show their title', async ({ page }) => {
  const screens: [string, string][] = [
    ['/account/signup', 'account:signUp.title'],
    ['/account/resetpassword', 'account:reset.title'],
    ['/profile/coupons', 'profile:menu.coupons'],
    ['/profile/returns', 'profile:menu.returns'],
    ['/profile/reviews', 'profile:menu.reviews'],
    ['/profile/settings', 'profile:menu.settings'],
    ['/promotions', 'profile:promotions'],
  ];
  for (const [path, key] of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(text('en', key));
  }
});

for (const lang of LANGUAGES) {
  test(`${lang}: an unknown path shows the 404 page with a way home`, async ({ page }) => {
    await chooseLanguage(page, lang);
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lang, 'notFound.title'));
    await expect(page.getByText(text(lang, 'error.notFound'))).toBeVisible();
    if (lang === 'en')
      await expect(page.getByText("Couldn't found what you are looking for...")).toBeVisible();
    await page.getByRole('link', { name: text(lang, 'actions.goHome') }).click();
    await expect(page).toHaveURL(/\/home$/);
  });
}

test('keyboard: the skip link comes first; a modal holds focus and gives it back', async ({ page }) => {
  await page.goto('/profile/settings');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: text('en', 'nav.skip') })).toBeFocused();

  const help = page.getByRole('button', { name: text('en', 'profile:settings.help') });
  await help.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: text('en', 'profile:settings.help') });
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(help).toBeFocused();
});

for (const lang of LANGUAGES) {
  test(`${lang}: Help does not promise an order confirmation mail the shop does not send`, async ({
    page,
  }) => {
    await chooseLanguage(page, lang);
    await page.goto('/profile/settings');
    await page.getByRole('button', { name: text(lang, 'profile:settings.help') }).click();
    const dialog = page.getByRole('dialog', { name: text(lang, 'profile:settings.help') });
    await expect(dialog).toContainText(text(lang, 'profile:settings.helpText'));
    await expect(dialog).not.toContainText(lang === 'en' ? /confirmation/i : '确认邮件');
  });
}
