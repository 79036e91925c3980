import type { Locator, Page } from '@playwright/test';
import { accountByApi, newAddress, test } from './fixtures/account-server';
import { expect as base, chooseLanguage, LANGUAGES, text } from './fixtures/shop';

// Password hashing (scrypt, 128 MiB) is slow on a loaded machine: wait for the server's answers longer.
const expect = base.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

/** The page does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    scroll: document.scrollingElement?.scrollWidth ?? 0,
    inner: window.innerWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
}

type Box = { x: number; y: number; width: number; height: number };

/**
 * Where the text itself is drawn: its element's box can be narrower than text that runs out of it;
 * an element that clips (an ellipsis) shows only what is inside its own box.
 */
async function textBox(locator: Locator): Promise<Box> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const drawn = range.getBoundingClientRect();
    const own = element.getBoundingClientRect();
    const clips = getComputedStyle(element).overflowX !== 'visible';
    const left = clips ? Math.max(drawn.left, own.left) : drawn.left;
    const right = clips ? Math.min(drawn.right, own.right) : drawn.right;
    return { x: left, y: drawn.top, width: right - left, height: drawn.height };
  });
}

/** The text's drawn box and the other element's box share no area. */
async function expectApart(a: Locator, b: Locator): Promise<void> {
  const [one, two] = [await textBox(a), await b.boundingBox()];
  if (!one || !two) throw new Error('a box is not on the page');
  const overlapX = Math.min(one.x + one.width, two.x + two.width) - Math.max(one.x, two.x);
  const overlapY = Math.min(one.y + one.height, two.y + two.height) - Math.max(one.y, two.y);
  expect(overlapX <= 0 || overlapY <= 0, `${await a.textContent()} overlaps ${await b.textContent()}`).toBe(
    true,
  );
}

for (const lang of LANGUAGES) {
  const p = (key: string) => text(lang, `profile:${key}`);

  test(`${lang}: a long name and e-mail stay inside the profile header and account settings, 320 to 1440 px`, async ({
    page,
    request,
    server,
  }) => {
    // 33 characters and more, as real addresses are; the name is as long as the shop allows.
    const account = {
      email: newAddress('margaret.w'),
      name: 'Margaret Wilhelmina Featherstonehaugh',
      password: 'fresh greens 1',
    };
    expect(account.email.length).toBeGreaterThanOrEqual(33);
    await accountByApi(request, server, account);
    const login = await request.post('/api/login', {
      form: { email: account.email, password: account.password },
    });
    expect(login.status()).toBe(200);
    const user = ((await login.json()) as { data: unknown }).data;
    await chooseLanguage(page, lang);
    await page.addInitScript((stored) => window.localStorage.setItem('user', stored), JSON.stringify(user));

    for (const width of [320, 390, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/profile');
      const card = page.getByRole('region', { name: p('title') });
      const email = card.getByText(account.email, { exact: true });
      const name = card.getByText(account.name, { exact: true });
      await expect(email).toBeVisible();
      await expectNoSidewaysScroll(page);
      const bell = card.getByRole('link', { name: p('menu.notifications') });
      const settings = card.getByRole('link', { name: p('menu.settings') });
      for (const text of [email, name]) {
        await expectApart(text, bell);
        await expectApart(text, settings);
        // Wrapped or cut, the text stays inside the card.
        const [box, outer] = [await textBox(text), await card.boundingBox()];
        expect(box && outer && box.x + box.width <= outer.x + outer.width).toBe(true);
      }

      await page.goto('/profile/settings/account');
      const value = page.getByText(account.email, { exact: true });
      await expect(value).toBeVisible();
      await expectNoSidewaysScroll(page);
      const [box, main] = [await textBox(value), await page.getByRole('main').boundingBox()];
      expect(box && main && box.x + box.width <= main.x + main.width).toBe(true);
      await expectApart(value, page.getByText(p('settings.email'), { exact: true }));
    }
  });
}
