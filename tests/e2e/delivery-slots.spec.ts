import type { Page } from '@playwright/test';
import type { Language } from '#shared/constants';
import type { DeliverySlot, DeliverySlots } from '#shared/schemas/slots.zod';
import { slotLabel, slotTimeLabel } from '#shared/slot-label';
import { enterTestCard, expectConfirmed } from './fixtures/order';
import { expect, LANGUAGES, textIn } from './fixtures/shop';
import { ADDRESS, callApi, shopperWithCart, signInAs, test } from './fixtures/shopper';

/**
 * Delivery slots as a shopper meets them, on a phone in both languages: the shopper picks a delivery window in the
 * cart, pays, and sees the window on the order. The demo shop offers windows (not required).
 */
test.describe.configure({ timeout: 120_000 });

async function payByCard(page: Page, language: Language) {
  const dialog = await enterTestCard(page, language);
  await dialog.getByRole('button', { name: textIn(language)('pay:payNow') }).click();
}

for (const language of LANGUAGES) {
  test(`${language}: a delivery window chosen in the cart is on the paid order`, async ({
    isPhone,
    page,
    shopper,
    catalogue,
    request,
    shop,
  }) => {
    test.skip(!isPhone, 'a walk on a phone');
    const t = textIn(language);
    const [product] = await catalogue.stocked(1);
    if (!product) throw new Error('no stocked product');
    await shopperWithCart(request, shop, shopper, [{ uuid: product.uuid, amount: 1 }], {
      ...ADDRESS,
      default_status: 1,
    });
    const offer = await callApi<DeliverySlots>(request, shop, shopper, 'GET', '/api/delivery/slots');
    expect(offer.offered).toBe(true);
    const open = offer.slots.find((s) => s.state === 'open') as DeliverySlot;
    expect(open).toBeDefined();
    const when = slotLabel(new Date(open.starts_at), new Date(open.ends_at), offer.time_zone, language);
    const times = slotTimeLabel(new Date(open.starts_at), new Date(open.ends_at), offer.time_zone);

    await signInAs(page, shopper, language);
    await page.goto('/cart');
    const picker = page.getByRole('region', { name: t('cart:slots.title') });
    await expect(picker).toBeVisible({ timeout: 15_000 });
    // Windows that cannot be chosen are shown disabled, saying why.
    for (const s of offer.slots.filter((x) => x.date === open.date && x.state !== 'open')) {
      const label = slotTimeLabel(new Date(s.starts_at), new Date(s.ends_at), offer.time_zone);
      await expect(picker.getByRole('radio', { name: label })).toBeDisabled();
    }
    await picker.getByRole('radio', { name: times }).check();
    await expect(picker.getByText(t('cart:slots.chosen', { slot: when }))).toBeVisible();

    await page.getByRole('button', { name: t('cart:submit') }).click();
    await expect(page).toHaveURL(/\/pay\/\d+$/, { timeout: 15_000 });
    const orderNo = page.url().split('/').pop() ?? '';
    const shown = t('orders:slot', { slot: when });
    await expect(page.getByText(shown)).toBeVisible();
    await payByCard(page, language);
    await expectConfirmed(page, orderNo, language);
    await expect(page.getByText(shown)).toBeVisible();

    await page.goto(`/order/${orderNo}`);
    await expect(page.getByText(shown)).toBeVisible({ timeout: 15_000 });
    await page.goto('/profile/orders');
    await expect(page.getByRole('listitem').filter({ hasText: orderNo }).getByText(shown)).toBeVisible({
      timeout: 15_000,
    });
  });
}
