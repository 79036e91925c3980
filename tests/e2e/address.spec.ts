import type { Locator } from '@playwright/test';
import { personName } from '#shared/person-name';
import { ADDRESS_FIELDS } from '#shared/schemas/address';
import { expect, LANGUAGES, paired, textIn } from './fixtures/shop';
import { ADDRESS, callApi, signInAs, test } from './fixtures/shopper';

// A shopper is signed up per test, against a shop started per worker: slower than a visit.
test.describe.configure({ timeout: 90_000 });

/** A second address, saved through the API next to the shopper's first (default) one. */
const SECOND = {
  name: 'Wei',
  surname: 'Chen',
  phone: '212-555-0188',
  address: '12 Mott Street',
  area: 'Floor 2',
  city: 'New York',
  province: 'NY',
  zip: '10013',
};

/** What the shopper changes in the second address. */
const CHANGED = { address: '500 Castro Street', area: 'Unit 7', city: 'Oakland', zip: '94612' };

for (const language of LANGUAGES) {
  test(
    `editing an address: its fields, the required messages, the change in the list (${language})`,
    paired(language),
    async ({ page, shopper, request, shop }) => {
      await callApi(request, shop, shopper, 'POST', '/api/address', ADDRESS);
      await callApi(request, shop, shopper, 'POST', '/api/address', SECOND);
      const t = textIn(language);
      const entry = (who: { name: string; surname: string }) =>
        page.getByRole('listitem').filter({
          has: page.getByRole('button', {
            // A Latin name reads given name first in either language (docs/product.md, Names).
            name: t('address:editNamed', { name: personName(who) }),
            exact: true,
          }),
        });
      const openEditor = async () => {
        await entry(SECOND)
          .getByRole('button', {
            name: t('address:editNamed', { name: 'Wei Chen' }),
            exact: true,
          })
          .click();
        const dialog = page.getByRole('dialog', { name: t('address:edit') });
        await expect(dialog).toBeVisible();
        return dialog;
      };
      const field = (dialog: Locator, name: string) =>
        dialog.getByLabel(t(`address:field.${name}`), { exact: true });

      await signInAs(page, shopper, language);
      await page.goto('/profile/address');
      await expect(page.getByRole('heading', { level: 1, name: t('address:title') })).toBeVisible();
      await expect(entry(ADDRESS)).toContainText(t('address:defaultBadge'));
      await expect(entry(SECOND)).toContainText(SECOND.address);
      await expect(entry(SECOND)).not.toContainText(t('address:defaultBadge'));

      // The form opens with the saved fields; each one emptied is named under it, and focused, when saving.
      let dialog = await openEditor();
      for (const name of ADDRESS_FIELDS) await expect(field(dialog, name)).toHaveValue(SECOND[name]);
      const save = dialog.getByRole('button', { name: t('address:save') });
      // Every field but the second line, which a house does not have (docs/product.md §5).
      for (const name of ADDRESS_FIELDS.filter((f) => f !== 'area')) {
        await field(dialog, name).fill('   ');
        await save.click();
        await expect(field(dialog, name)).toHaveAccessibleDescription(t(`address:problem.required.${name}`));
        await expect(field(dialog, name)).toHaveAttribute('aria-invalid', 'true');
        await expect(field(dialog, name)).toBeFocused();
        await field(dialog, name).fill(SECOND[name]);
      }
      await field(dialog, 'phone').fill('12');
      await save.click();
      await expect(field(dialog, 'phone')).toHaveAccessibleDescription(t('address:problem.phoneInvalid'));

      // Closing without saving changes nothing: the list and a new editor show the saved address.
      await field(dialog, 'city').fill(CHANGED.city);
      await dialog.getByRole('button', { name: t('actions.close') }).click();
      await expect(dialog).toBeHidden();
      await expect(entry(SECOND)).toContainText(SECOND.city);
      await expect(entry(SECOND)).not.toContainText(CHANGED.city);
      dialog = await openEditor();
      await expect(field(dialog, 'city')).toHaveValue(SECOND.city);
      await expect(field(dialog, 'phone')).toHaveValue(SECOND.phone);
      await expect(dialog.getByRole('alert')).toHaveCount(0);
      await expect(dialog.locator('[aria-invalid="true"]')).toHaveCount(0);

      // A real change: new street, area, city and ZIP, and it becomes the default address.
      for (const [name, value] of Object.entries(CHANGED)) await field(dialog, name).fill(value);
      await dialog.getByRole('switch', { name: t('address:default') }).check();
      await dialog.getByRole('button', { name: t('address:save') }).click();
      await expect(dialog).toBeHidden();
      const changedLine = `${CHANGED.address}, ${CHANGED.area}, ${CHANGED.city}, ${SECOND.province} ${CHANGED.zip}`;
      await expect(entry(SECOND)).toContainText(changedLine);
      await expect(entry(SECOND)).toContainText(t('address:defaultBadge'));
      await expect(entry(ADDRESS)).not.toContainText(t('address:defaultBadge'));
      await expect(page.getByText(SECOND.address)).toHaveCount(0);

      // Saved on the server: still there after a reload, as two addresses, not three.
      await page.reload();
      await expect(entry(SECOND)).toContainText(changedLine);
      await expect(entry(SECOND)).toContainText(t('address:defaultBadge'));
      await expect(entry(ADDRESS)).toContainText(ADDRESS.address);
      await expect(page.getByRole('button', { name: t('address:delete') })).toHaveCount(2);
    },
  );
}

/** A Chinese name: 王 is the surname, 小明 the given name. */
const WANG = { ...SECOND, name: '小明', surname: '王' };

for (const language of LANGUAGES) {
  test(
    `a name reads by its script in either language: address book, form, cart, order detail (${language})`,
    paired(language, true),
    async ({ page, shopper, request, shop, catalogue }) => {
      const t = textIn(language);
      const who = '王小明';
      const phone = '(212) 555-0188';
      const address = await callApi<{ uuid: string }>(request, shop, shopper, 'POST', '/api/address', WANG);
      const [product] = await catalogue.stocked();
      const change = await callApi<{ item: { id: number } }>(request, shop, shopper, 'POST', '/api/cart', {
        uuid: product.uuid,
        amount: 1,
      });
      await signInAs(page, shopper, language);

      // The address book, and the form: Chinese asks the surname (姓氏) before the given name (名字).
      await page.goto('/profile/address');
      const entry = page.getByRole('listitem').filter({ hasText: WANG.address });
      await expect(entry).toContainText(`${who} · ${phone}`);
      await entry.getByRole('button', { name: t('address:editNamed', { name: who }), exact: true }).click();
      const dialog = page.getByRole('dialog', { name: t('address:edit') });
      await expect(dialog).toBeVisible();
      const firstTwo = language === 'zh' ? ['surname', 'name'] : ['name', 'surname'];
      expect((await dialog.locator('.field-label').allTextContents()).slice(0, 2)).toEqual(
        firstTwo.map((f) => t(`address:field.${f}`)),
      );
      await dialog.getByRole('button', { name: t('address:save') }).click();
      await expect(dialog).toBeHidden();

      // The cart's address selector and picker.
      await page.goto('/cart');
      await expect(page.locator('.address-selector')).toContainText(`${who} · ${phone}`, {
        timeout: 15_000,
      });
      await page.locator('.address-selector').click();
      await expect(page.getByRole('dialog').getByText(`${who} · ${phone}`)).toBeVisible();

      // The order detail.
      const orderNo = await callApi<string>(request, shop, shopper, 'POST', '/api/order', {
        uuid: address.uuid,
        coupon: '',
        'items[0][id]': change.item.id,
        'items[0][num]': 1,
      });
      await page.goto(`/order/${orderNo}`);
      await expect(page.getByText(`${who} · ${phone}`, { exact: true })).toBeVisible({ timeout: 15_000 });
    },
  );
}
