import type { Page } from '@playwright/test';
import type { Language } from '#shared/constants';
import type { AvailableCoupons } from '#shared/schemas/coupon.zod';
import { photo } from '../helpers/uploads';
import { staffSignedIn, test } from './fixtures/admin-orders';
import { expect, isPack, LANGUAGES, price, text } from './fixtures/shop';
import { ADDRESS, callApi, type Shop, type SignedInShopper, signUp } from './fixtures/shopper';

/** The console is desktop-first (admin-console.spec.ts): these run on the desktop project. */
test.beforeEach(({ isMobile }, testInfo) => {
  test.skip(isMobile || testInfo.project.name !== 'desktop', 'the console is desktop-first');
  // Each walk signs a staff member up on the command line, uploads and makes a picture's sizes.
  test.slow();
});

const tIn =
  (language: Language) =>
  (key: string, params: Record<string, string | number> = {}) =>
    text(language, `admin:${key}`, params);

/** A wall-clock time `hours` from now, as a datetime-local field takes it (a day's margin covers any shop time zone). */
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString().slice(0, 16);

async function openFromNav(page: Page, label: string) {
  await page.getByRole('navigation').getByRole('link', { name: label, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
}

/** The shopper's order of one unit of `uuid` with `coupon`: the API's status and message. */
async function orderWithCoupon(
  page: Page,
  shop: Shop,
  who: SignedInShopper,
  uuid: string,
  coupon: string,
  language: Language,
) {
  const request = page.request;
  const address = await callApi<{ uuid: string }>(request, shop, who, 'POST', '/api/address', ADDRESS);
  const line = await callApi<{ item: { id: number } }>(request, shop, who, 'POST', '/api/cart', {
    uuid,
    amount: 1,
  });
  const res = await request.post(`${shop.url}/api/order`, {
    form: { uuid: address.uuid, coupon, 'items[0][id]': line.item.id, 'items[0][num]': 1 },
    headers: {
      authorization: who.token,
      'X-Requested-With': 'XMLHttpRequest',
      'Accept-Language': language === 'zh' ? 'zh-CN' : 'en',
    },
  });
  return { status: res.status(), message: ((await res.json()) as { message: string }).message };
}

for (const language of LANGUAGES) {
  const t = tIn(language);

  test.describe(`console promotions and coupons (${language})`, () => {
    test('a manager puts a product on promotion at a lower price, and the storefront shows that price', async ({
      page,
      server,
      catalogue,
    }) => {
      const [product] = await catalogue.stocked(
        1,
        (p) => isPack(p) && p.real_stock >= 5 && p.promotion_price === null && p.price > 2,
      );
      const promo = Math.round(product.price * 100 - 100) / 100;
      const name = language === 'zh' ? product.zn_name : product.en_name;
      await staffSignedIn(page, server, 'manager', language);
      await openFromNav(page, t('promotions.title'));
      await page.getByRole('link', { name: t('promotions.new') }).click();
      await expect(page.getByRole('heading', { level: 1, name: t('promotions.new') })).toBeVisible();

      const ad = await photo(1280, 512).png().toBuffer();
      await page
        .locator('input[type=file]')
        .setInputFiles({ name: 'ad.png', mimeType: 'image/png', buffer: ad });
      await expect(page.locator('.promo-preview-ad')).toBeVisible({ timeout: 20_000 });
      await page.getByLabel(t('promotions.fields.enName')).fill(`Flash sale ${language}`);
      await page.getByLabel(t('promotions.fields.znName')).fill(`限时特价 ${language}`);
      await page.getByLabel(t('promotions.fields.startsAt')).fill(hoursFromNow(-36));
      await page.getByLabel(t('promotions.fields.endsAt')).fill(hoursFromNow(24 * 10));
      await page.getByLabel(t('promotions.pick.label')).fill(product.en_name);
      await page.getByRole('button', { name: t('promotions.pick.add', { name }) }).click();

      // A price above the product's own is refused, in the staff member's language.
      const priceField = page.getByLabel(t('promotions.priceOf', { name }));
      await priceField.fill((product.price + 1).toFixed(2));
      await page.getByRole('button', { name: t('promotions.save') }).click();
      await expect(page.getByRole('alert')).toContainText(
        text(language, 'errors:catalogueAdmin.promotions.priceTooHigh', {
          name_en: product.en_name,
          name_zh: product.zn_name,
          price: price(product.price),
        }),
      );

      await priceField.fill(promo.toFixed(2));
      const preview = page.getByRole('region', { name: t('promotions.preview') });
      await expect(preview.getByText(`$${promo.toFixed(2)}`)).toBeVisible();
      await page.getByRole('button', { name: t('promotions.save') }).click();
      await expect(page.getByRole('status').getByText(t('promotions.saved'))).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/promotions\/\d+$/);
      await expect(page.getByText(t('promotions.state.running'))).toBeVisible();

      await openFromNav(page, t('promotions.title'));
      const row = page.getByRole('row', {
        name: new RegExp(language === 'zh' ? `限时特价 ${language}` : `Flash sale ${language}`),
      });
      await expect(row.getByText(t('promotions.state.running'))).toBeVisible();

      await page.goto(`/product/${product.uuid}`);
      await expect(page.getByText(price(promo)).first()).toBeVisible();
    });

    test('a manager makes a coupon for one use, shown to shoppers: a shopper sees and uses it, the next one is refused, the list shows 1 of 1', async ({
      page,
      request,
      server,
      shop,
      catalogue,
    }) => {
      const code = `ONCE-${language}-${Date.now() % 100_000}`.toUpperCase();
      await staffSignedIn(page, server, 'manager', language);
      await openFromNav(page, t('coupons.title'));
      await page.getByRole('link', { name: t('coupons.new') }).click();
      await page.getByLabel(t('coupons.fields.code')).fill(code.toLowerCase());
      await page.getByLabel(t('coupons.fields.kind')).selectOption('fixed');
      await page.getByLabel(t('coupons.fields.amount')).fill('1.00');
      await page.getByLabel(t('promotions.fields.startsAt')).fill(hoursFromNow(-36));
      await page.getByLabel(t('promotions.fields.endsAt')).fill(hoursFromNow(24 * 10));
      await page.getByLabel(t('coupons.fields.usageLimit')).fill('1');
      await page.getByLabel(t('coupons.fields.public')).check();
      await page.getByRole('button', { name: t('coupons.save') }).click();
      await expect(page.getByRole('status').getByText(t('coupons.saved'))).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: new RegExp(code) })).toBeVisible();

      const [product] = await catalogue.stocked(1, (p) => isPack(p) && p.real_stock >= 5);
      // Shown to shoppers: it is on a shopper's Coupons list.
      const buyer = await signUp(shop, request);
      const listed = await callApi<AvailableCoupons>(request, shop, buyer, 'GET', '/api/coupons');
      expect(listed.items.map((c) => c.code)).toContain(code);
      const first = await orderWithCoupon(page, shop, buyer, product.uuid, code.toLowerCase(), language);
      expect(first.status).toBe(200);
      const second = await orderWithCoupon(
        page,
        shop,
        await signUp(shop, request),
        product.uuid,
        code,
        language,
      );
      expect(second).toEqual({
        status: 400,
        message: text(language, 'errors:catalogueAdmin.coupons.usedUp', { code }),
      });

      await openFromNav(page, t('coupons.title'));
      const row = page.getByRole('row', { name: new RegExp(code) });
      await expect(row.getByText(t('coupons.usesOf', { uses: 1, limit: 1 }))).toBeVisible();
      await expect(row).toContainText(t('coupons.shown'));
    });
  });
}
