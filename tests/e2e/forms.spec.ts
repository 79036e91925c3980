import type { Locator, Page } from '@playwright/test';
import { ADDRESS_FIELDS } from '#shared/schemas/address';
import { expect, LANGUAGES, paired, text, textIn } from './fixtures/shop';
import { ADDRESS, callApi, signInAs, test } from './fixtures/shopper';

// A shopper is signed up per test, against a shop started per worker: slower than a visit.
test.describe.configure({ timeout: 90_000 });

/** A new address as typed: a bare ten-digit phone and a ZIP+4 code. */
const TYPED = { ...ADDRESS, address: '1 Market Street', phone: '4155550123', zip: '94105-1234' };

const fieldIn = (dialog: Locator, language: 'en' | 'zh', name: string) =>
  dialog.getByLabel(text(language, `address:field.${name}`), { exact: true });

async function fill(dialog: Locator, language: 'en' | 'zh', values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) await fieldIn(dialog, language, name).fill(value);
}

/** Makes the next DELETE calls to `prefix` fail with no answer; other calls go through. */
async function failDeletes(page: Page, prefix: string) {
  await page.route(
    (url) => url.pathname.startsWith(prefix),
    async (route) => {
      if (route.request().method() !== 'DELETE') return route.continue();
      return route.abort('internetdisconnected');
    },
  );
}

// Each field's own message; ZIP+4; phones formatted; focus after the first save.
for (const language of LANGUAGES) {
  test(
    `address form: a message under each field, ZIP+4 accepted and 4 digits refused, the phone formatted, focus on the new address (${language})`,
    paired(language),
    async ({ page, shopper }) => {
      const t = textIn(language);
      await signInAs(page, shopper, language);
      await page.goto('/profile/address');
      await page.getByRole('button', { name: t('address:add') }).click();
      const dialog = page.getByRole('dialog', { name: t('address:add') });
      const field = (name: string) => fieldIn(dialog, language, name);
      const save = dialog.getByRole('button', { name: t('address:save') });

      // Nothing typed: every field says what it needs, under itself; the first one (as shown) has focus.
      await save.click();
      for (const name of ADDRESS_FIELDS.filter((f) => f !== 'area')) {
        await expect(field(name)).toHaveAttribute('aria-invalid', 'true');
        await expect(field(name)).toHaveAccessibleDescription(t(`address:problem.required.${name}`));
      }
      // The second line is optional: a house leaves it empty.
      await expect(field('area')).not.toHaveAttribute('aria-invalid', 'true');
      await expect(field(language === 'zh' ? 'surname' : 'name')).toBeFocused();

      // Typing a field clears its message; a four-digit ZIP is refused, under the ZIP only.
      await fill(dialog, language, { ...TYPED, zip: '9410' });
      await save.click();
      await expect(field('zip')).toHaveAccessibleDescription(t('address:problem.zipInvalid'));
      await expect(field('zip')).toBeFocused();
      await expect(dialog.locator('[aria-invalid="true"]')).toHaveCount(1);
      await expect(dialog).toBeVisible();

      // ZIP+4 is a ZIP code; the list shows the phone as (415) 555-0123, and the new address has focus.
      await field('zip').fill(TYPED.zip);
      await expect(dialog.locator('[aria-invalid="true"]')).toHaveCount(0);
      await save.click();
      await expect(dialog).toBeHidden();
      const entry = page.getByRole('listitem').filter({ hasText: TYPED.address });
      await expect(entry).toContainText('(415) 555-0123');
      await expect(entry).toContainText(TYPED.zip);
      await expect(entry).toBeFocused();
    },
  );

  test(
    `a failed delete is reported, and the message goes once a delete or a save succeeds (${language})`,
    paired(language),
    async ({ page, shopper, request, shop }) => {
      const t = textIn(language);
      await callApi(request, shop, shopper, 'POST', '/api/address', ADDRESS);
      await callApi(request, shop, shopper, 'POST', '/api/address', { ...ADDRESS, address: '2 Pine Street' });
      await callApi(request, shop, shopper, 'POST', '/api/address', { ...ADDRESS, address: '3 Oak Street' });
      await signInAs(page, shopper, language);
      await page.goto('/profile/address');
      const alert = page.getByRole('alert');
      const deleteOf = (street: string) =>
        page
          .getByRole('listitem')
          .filter({ hasText: street })
          .getByRole('button', { name: t('address:delete') });

      // A failed delete says Disconnected; a later successful delete takes the message away.
      await failDeletes(page, '/api/address');
      await deleteOf('3 Oak Street').click();
      await expect(alert).toHaveText(t('error.disconnectedShort'));
      await page.unrouteAll({ behavior: 'wait' });
      await deleteOf('3 Oak Street').click();
      await expect(page.getByText('3 Oak Street')).toHaveCount(0);
      await expect(alert).toHaveCount(0);

      // Failed again; this time a saved edit takes the message away.
      await failDeletes(page, '/api/address');
      await deleteOf('2 Pine Street').click();
      await expect(alert).toHaveText(t('error.disconnectedShort'));
      await page.unrouteAll({ behavior: 'wait' });
      await page
        .getByRole('listitem')
        .filter({ hasText: '2 Pine Street' })
        .getByRole('button', {
          name: t('address:editNamed', { name: 'Mei Lin' }),
        })
        .click();
      const dialog = page.getByRole('dialog', { name: t('address:edit') });
      await fieldIn(dialog, language, 'city').fill('Oakland');
      await dialog.getByRole('button', { name: t('address:save') }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('listitem').filter({ hasText: '2 Pine Street' })).toContainText('Oakland');
      await expect(alert).toHaveCount(0);
    },
  );

  test(
    `cart address picker: focus into the new form, on the address after the first save; the chosen address closes it (${language})`,
    paired(language, true),
    async ({ page, shopper, request, shop, catalogue }) => {
      const t = textIn(language);
      const [product] = await catalogue.stocked();
      await callApi(request, shop, shopper, 'POST', '/api/cart', { uuid: product.uuid, amount: 1 });
      await signInAs(page, shopper, language);
      await page.goto('/cart');
      const firstField = language === 'zh' ? 'surname' : 'name';

      // No address yet: "Add a new address" opens the form with the focus in its first field.
      await page.getByRole('button', { name: t('address:add') }).click();
      let dialog = page.getByRole('dialog', { name: t('address:add') });
      await expect(fieldIn(dialog, language, firstField)).toBeFocused();
      await fill(dialog, language, TYPED);
      await dialog.getByRole('button', { name: t('address:save') }).click();
      await expect(dialog).toBeHidden();
      const selector = page.locator('.address-selector');
      await expect(selector).toContainText('(415) 555-0123');
      await expect(selector).toBeFocused();

      // From the picker's list, "Add a new address" moves the focus into the form.
      await selector.click();
      dialog = page.getByRole('dialog', { name: t('address:choose') });
      await dialog.getByRole('button', { name: t('address:add') }).click();
      dialog = page.getByRole('dialog', { name: t('address:add') });
      await expect(fieldIn(dialog, language, firstField)).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      // Choosing the address that is already chosen closes the picker.
      await selector.click();
      dialog = page.getByRole('dialog', { name: t('address:choose') });
      await expect(dialog.getByRole('radio')).toBeChecked();
      await dialog.locator('.address-choice').click();
      await expect(dialog).toBeHidden();
    },
  );
}

for (const language of LANGUAGES) {
  test(
    `Esc closes the category switch panel and gives the focus back to its toggle (${language})`,
    paired(language),
    async ({ page, catalogue }) => {
      const parent = (await catalogue.categories()).find((c) => c.childCategory.length > 1);
      if (!parent) throw new Error('no category with children');
      await page.addInitScript((lng) => window.localStorage.setItem('lang', lng), language);
      await page.goto(`/category/${parent.id}`);
      const toggle = page.locator('.category-switcher-toggle');
      // A keyboard user, once the page has loaded: focus the toggle and open it with Enter.
      await expect(page.locator('.product-card-link').first()).toBeVisible();
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      // Focus inside the open panel (a keyboard user tabs there), then Esc.
      await page.locator('.category-switcher-panel a').first().focus();
      await page.keyboard.press('Escape');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(toggle).toBeFocused();
    },
  );
}
