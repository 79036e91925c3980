import { formatCents } from '#shared/money';
import type { CartItem } from '#shared/schemas/cart';
import type { ProductPage } from '#shared/schemas/catalogue';
import { formatUnitPrice, formatWeight, priceOfGrams } from '#shared/weight';
import { desktopOnly, openSection, staffSignedIn, test } from './fixtures/admin-orders';
import { orderCartLines } from './fixtures/order';
import { expect, LANGUAGES, text } from './fixtures/shop';
import { callApi, payByTestCard, signInAs, signUp } from './fixtures/shopper';

/**
 * Goods sold by weight in the browser (docs/product.md, Sold by weight): the shopper sees the
 * brisket at "$7.99/lb" and its estimate in the cart and on the order page; a packer weighs it at
 * 0.92 lb on the console's Packing page; the shopper's order then shows the weighed figures.
 */
desktopOnly();

for (const language of LANGUAGES) {
  test(`a shopper buys brisket by the lb and a packer weighs it (${language})`, async ({
    page,
    request,
    shop,
    server,
    catalogue,
  }) => {
    const found = await catalogue.products('en_search=brisket&page=1&page_size=10');
    const brisket = found.list.find((p) => p.sold_by_weight !== null) as ProductPage['list'][number];
    expect(brisket?.sold_by_weight).toMatchObject({ unit: 'lb', unit_price: 7.99 });
    const shopper = await signUp(shop, request);
    await callApi(request, shop, shopper, 'POST', '/api/cart', { uuid: brisket.uuid, amount: 1 });

    const unitPrice = formatUnitPrice(799, 'lb', language);
    await signInAs(page, shopper, language);
    await page.goto('/cart');
    const line = page.getByRole('listitem').filter({ hasText: unitPrice });
    await expect(line).toBeVisible();
    await expect(line.getByText(formatWeight(454, 'lb', language), { exact: true })).toBeVisible();
    await expect(line.getByText(text(language, 'common:weight.estimate'), { exact: true })).toBeVisible();
    await expect(page.getByText(text(language, 'cart:estimateNote'))).toBeVisible();

    const cart = await callApi<CartItem[]>(request, shop, shopper, 'GET', '/api/cart');
    const orderNo = await orderCartLines(request, shop, shopper, cart);
    expect(await payByTestCard(request, shop, shopper, orderNo)).toBe(2);
    await page.goto(`/order/${orderNo}`);
    await expect(page.getByText(text(language, 'orders:totalEstimate'), { exact: true })).toBeVisible();
    await expect(page.getByText(unitPrice)).toBeVisible();

    // The packer weighs it on the console's Packing page.
    await staffSignedIn(page, server, 'packer', language);
    const t = (key: string, params: Record<string, string | number> = {}) =>
      text(language, `admin:packing.${key}`, params);
    await openSection(page, language, 'packing');
    const card = page.getByRole('article', { name: t('order', { orderNo }) });
    await expect(
      card.getByText(t('weight.estimate', { weight: formatWeight(454, 'lb', language) })),
    ).toBeVisible();
    const field = card.getByLabel(t('weight.label', { unit: t('weight.unit.lb') }));
    const save = card.getByRole('button', {
      name: t('weight.saveLine', { name: language === 'zh' ? brisket.zn_name : brisket.en_name }),
    });
    await field.fill('0');
    await save.click();
    await expect(card.getByRole('alert')).toContainText(formatWeight(1362, 'lb', language));
    await field.fill('0.92');
    await save.click();
    const weighed = formatCents(priceOfGrams(799, 'lb', 417));
    await expect(
      card.getByText(t('weight.weighed', { weight: formatWeight(417, 'lb', language), amount: weighed })),
    ).toBeVisible();

    // The shopper's order now shows what was weighed, and the total is no longer an estimate.
    await page.goto(`/order/${orderNo}`);
    await expect(
      page.getByText(
        text(language, 'orders:weighedTotal', { weight: formatWeight(417, 'lb', language), amount: weighed }),
      ),
    ).toBeVisible();
    await expect(page.getByText(text(language, 'orders:totalEstimate'), { exact: true })).toHaveCount(0);
    // Its updates say the weight by the same rule: "0.92 lb", "0.92磅".
    await expect(
      page
        .getByTestId('order-timeline')
        .getByText(
          text(language, 'orders:timeline.detail.weight', { weight: formatWeight(417, 'lb', language) }),
        ),
    ).toBeVisible();
  });
}
