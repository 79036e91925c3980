import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import {
  type AdminShop,
  adminText,
  desktopOnly,
  openConsoleAs,
  type StaffSession,
  staffSession,
  test,
} from './fixtures/admin-shop-server';
import { expect as base, expectAccessible, LANGUAGES, text } from './fixtures/shop';

/**
 * Pictures: a manager uploads two photos to a product in the console, puts the
 * newest first, and a shopper sees them on the product's page, the newest first. Desktop-first,
 * both languages; a refused file is named with the reason in the staff member's language.
 */
desktopOnly();
test.describe.configure({ timeout: 120_000 });
// Password hashing and picture work are slow on a loaded machine: wait for the server longer.
const expect = base.configure({ timeout: 20_000 });

const t = adminText;

/** A photo-like JPEG of one colour family, so the two uploads differ. */
async function photo(hue: number): Promise<Buffer> {
  const width = 600;
  const pixels = Buffer.alloc(width * width * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    pixels[i] = hue;
    pixels[i + 1] = (i / 3) % 251;
    pixels[i + 2] = 255 - hue;
  }
  return sharp(pixels, { raw: { width, height: width, channels: 3 } })
    .jpeg()
    .toBuffer();
}

/** The console's row of a product, found by its uuid. */
async function adminProductId(
  request: APIRequestContext,
  server: AdminShop,
  who: StaffSession,
  uuid: string,
) {
  const res = await request.get(`${server.url}/api/admin/products?q=${uuid}`, {
    headers: { authorization: who.token, 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(res.status()).toBe(200);
  const { items } = ((await res.json()) as { data: { items: { id: number; uuid: string }[] } }).data;
  const row = items.find((item) => item.uuid === uuid);
  if (!row) throw new Error(`no console row for ${uuid}`);
  return row.id;
}

for (const [index, language] of LANGUAGES.entries()) {
  test(`a manager uploads two photos, puts the newest first, and the product page shows them (${language})`, async ({
    page,
    request,
    server,
    catalogue,
    browser,
  }) => {
    const manager = await staffSession(request, server, 'manager', `Mina ${language}`);
    const product = (await catalogue.stocked(2))[index];
    if (!product) throw new Error('no product');
    const id = await adminProductId(request, server, manager, product.uuid);
    const before = (await catalogue.product(product.uuid)).images.length;

    await openConsoleAs(page, manager, language);
    await page.goto(`/admin/products/${id}`);
    const panel = page.getByRole('region', { name: t(language, 'products.editor.pictures') });
    const pictures = panel.getByRole('listitem');
    await expect(pictures).toHaveCount(before);

    await panel.getByLabel(t(language, 'pictures.manager.add')).setInputFiles([
      { name: 'morning.jpg', mimeType: 'image/jpeg', buffer: await photo(40) },
      { name: 'evening.jpg', mimeType: 'image/jpeg', buffer: await photo(200) },
    ]);
    await expect(panel.getByRole('status')).toHaveText(
      t(language, 'pictures.manager.uploaded_other', { count: 2 }),
    );
    await expect(pictures).toHaveCount(before + 2);
    const total = before + 2;
    const newest = await pictures.last().locator('img').getAttribute('src');
    expect(newest).toMatch(/^\/uploads\/catalogue\/[0-9a-f]{24}-400\.webp$/);
    await expectAccessible(page);

    // The newest moves up one place at a time until it is shown first.
    for (let place = total; place > 1; place--) {
      await pictures
        .nth(place - 1)
        .getByRole('button', { name: t(language, 'pictures.manager.earlier') })
        .click();
      await expect(pictures.nth(place - 2).locator('img')).toHaveAttribute('src', newest ?? '');
    }
    await expect(pictures.first()).toContainText(t(language, 'pictures.manager.first'));
    await expect(pictures.first()).toContainText(t(language, 'pictures.manager.picture', { n: 1, total }));

    // A file that is not a picture is refused by name, in the staff member's language.
    await panel.getByLabel(t(language, 'pictures.manager.add')).setInputFiles({
      name: 'notes.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('shopping list, not a photo'),
    });
    await expect(panel.getByRole('alert')).toHaveText(
      t(language, 'pictures.manager.uploadFailed', {
        name: 'notes.jpg',
        message: text(language, 'errors:catalogueAdmin.pictures.format'),
      }),
    );
    await expect(pictures).toHaveCount(total);

    // A shopper's product page, in the same language: the newest picture first, every one listed.
    const shopper = await browser.newContext({ baseURL: server.url });
    const storefront = await shopper.newPage();
    await storefront.addInitScript((lng) => window.localStorage.setItem('lang', lng), language);
    await storefront.goto(`/product/${product.uuid}`);
    const gallery = storefront.getByRole('list', { name: text(language, 'catalogue:product.images') });
    await expect(gallery.getByRole('button')).toHaveCount(total);
    await expect(storefront.locator(`img[src="${newest}"]`).first()).toBeVisible();
    const shown = (await catalogue.product(product.uuid)).images.map((image) => image.link);
    expect(shown[0]).toBe(newest);
    expect(shown.filter((link) => link.startsWith('/uploads/catalogue/'))).toHaveLength(2);
    await shopper.close();
  });
}
