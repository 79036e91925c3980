import { devices } from '@playwright/test';
import type { CartItem, SubstituteSuggestion } from '#shared/schemas/cart';
import type { OrderDetail } from '#shared/schemas/order';
import { staffSignedIn, test } from './fixtures/admin-orders';
import { consoleWriteHeaders } from './fixtures/console-sign-in';
import { expect, expectAccessible, LANGUAGES, nameIn, price, textIn } from './fixtures/shop';
import { callApi, payByTestCard, shopperWithCart, signInAs, signUp } from './fixtures/shopper';

/**
 * Substitutions with consent in the browser (docs/product.md, Substitutions): the shopper picks a
 * specific substitute and "ask me first" on the cart line (a phone), the packer proposes it (the
 * console's API, as its Packing page sends it), and the shopper approves it on the order page.
 */
test.beforeEach(({ isMobile }, testInfo) => {
  test.skip(isMobile || testInfo.project.name !== 'desktop', 'the packer’s side is the desktop console');
});
test.describe.configure({ timeout: 120_000 });

for (const language of LANGUAGES) {
  test(`the shopper picks a substitute, is asked, and approves it (${language})`, async ({
    page,
    browser,
    request,
    shop,
    server,
    catalogue,
  }) => {
    const t = textIn(language);
    const shopper = await signUp(shop, request);
    const candidates = await catalogue.stocked(20);
    let ordered: (typeof candidates)[number] | undefined;
    let substitute: SubstituteSuggestion | undefined;
    for (const p of candidates) {
      const found = await callApi<SubstituteSuggestion[]>(
        request,
        shop,
        shopper,
        'GET',
        `/api/substitutes?uuid=${p.uuid}`,
      );
      substitute = found.find((s) => s.real_stock >= 5);
      if (substitute) {
        ordered = p;
        break;
      }
    }
    if (!ordered || !substitute) throw new Error('no product with a substitute in its category');
    await shopperWithCart(request, shop, shopper, [{ uuid: ordered.uuid, amount: 1 }]);

    // The shopper, on a phone: a specific substitute and "ask me first" on the cart line.
    const phone = await browser.newContext({
      ...devices['Pixel 7'],
      viewport: { width: 375, height: 812 },
      baseURL: server.url,
    });
    const shopperPage = await phone.newPage();
    await signInAs(shopperPage, shopper, language);
    await shopperPage.goto('/cart');
    const line = shopperPage.getByRole('listitem').filter({ hasText: nameIn(language, ordered) });
    const choice = line.getByRole('combobox', {
      name: t('common:substitution.legend', { name: nameIn(language, ordered) }),
    });
    await expect(choice).toHaveValue('refund', { timeout: 15_000 });
    await choice.selectOption('specific');
    const product = line.getByRole('combobox', {
      name: t('common:substitution.product', { name: nameIn(language, ordered) }),
    });
    await expect(product).toBeVisible();
    await product.selectOption(substitute.uuid);
    await line.getByRole('checkbox', { name: t('common:substitution.askFirst') }).check();
    await expect
      .poll(async () => {
        const lines = await callApi<CartItem[]>(request, shop, shopper, 'GET', '/api/cart');
        const s = lines[0]?.substitution;
        return `${s?.substitute?.uuid}:${s?.ask_first}`;
      })
      .toBe(`${substitute.uuid}:true`);
    expect(await shopperPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(shopperPage);

    // Ordered and paid through the API; the cart line's choice goes with the order.
    const [cartLine] = await callApi<CartItem[]>(request, shop, shopper, 'GET', '/api/cart');
    const address = await callApi<{ uuid: string }[]>(request, shop, shopper, 'GET', '/api/address');
    const orderNo = await callApi<string>(request, shop, shopper, 'POST', '/api/order', {
      uuid: address[0]?.uuid ?? '',
      coupon: '',
      'items[0][id]': cartLine?.id ?? 0,
      'items[0][num]': 1,
    });
    expect(await payByTestCard(request, shop, shopper, orderNo)).toBe(2);
    const order = await callApi<OrderDetail>(request, shop, shopper, 'GET', `/api/order/${orderNo}`);
    const lineId = order.item[0]?.id ?? 0;

    // The packer proposes the shopper's pick, as the console's Packing page sends it.
    await staffSignedIn(page, server, 'packer', language);
    const proposed = await page.request.post(`/api/admin/packing/${orderNo}/lines/${lineId}`, {
      data: { state: 'replaced', product: substitute.uuid, key: `e2e-${orderNo}-${language}` },
      headers: await consoleWriteHeaders(page),
    });
    expect(proposed.status()).toBe(200);

    // The shopper opens the order: the proposal, its price and deadline, Approve / Decline.
    await shopperPage.goto(`/order/${orderNo}`);
    const card = shopperPage.getByRole('region', { name: t('common:substitution.proposal') });
    await expect(card).toContainText(
      t('common:substitution.proposed', {
        name: nameIn(language, substitute),
        price: price(substitute.price),
      }),
      { timeout: 15_000 },
    );
    await expectAccessible(shopperPage);
    await card.getByRole('button', { name: t('common:substitution.approve') }).click();
    await expect(card.getByRole('status')).toHaveText(t('common:substitution.status.approved'));
    const after = await callApi<OrderDetail>(request, shop, shopper, 'GET', `/api/order/${orderNo}`);
    expect(after.item[0]?.proposal?.status).toBe('approved');
    expect(after.item[0]?.packing?.state).toBe('replaced');
    await phone.close();
  });
}
