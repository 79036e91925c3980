import type { APIRequestContext } from '@playwright/test';
import { gs1CheckDigit } from '#shared/barcode';
import type { Language } from '#shared/constants';
import { fourDigitVerifier } from '#shared/gs1-scale';
import type { AdminProductPage } from '#shared/schemas/product-admin.rules';
import { formatWeight } from '#shared/weight';
import { staffSignedIn } from './fixtures/admin-orders';
import { type StaffSession, staffSession, test } from './fixtures/admin-shop-server';
import { expect as base, LANGUAGES, text } from './fixtures/shop';
import { ADDRESS, callApi, payByTestCard, signUp } from './fixtures/shopper';

/**
 * Picking by scan on a phone (docs/product.md, Packing): a packer at 390 px scans a pack's barcode
 * (a scanner types it and Enter) and the line shows picked; scans the brisket's scale label and its
 * weight is saved and shown; scans a product of no line and is refused, nothing marked.
 */
test.beforeEach(({ isMobile }, testInfo) => {
  test.skip(isMobile || testInfo.project.name !== 'desktop', 'run once, at a phone viewport');
});
test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 120_000 });
const expect = base.configure({ timeout: 15_000 });

const literally = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const withCheck = (body: string) => `${body}${gs1CheckDigit(body)}`;
/** Codes per language run (one server serves both): barcodes and item codes are unique in the shop. */
const CODES: Record<Language, { pack: string; item: string }> = {
  en: { pack: withCheck('04900000731'), item: '73101' },
  zh: { pack: withCheck('04900000732'), item: '73102' },
};
/** A good EAN-13 of no line of the order. */
const OTHER_PRODUCT = '4006381333931';
const JSON_HEADERS = { 'X-Requested-With': 'XMLHttpRequest', Client: 'fresh-market-console' };

async function setCodes(
  request: APIRequestContext,
  who: StaffSession,
  product: { uuid: string; en_name: string },
  codes: { barcode?: string; scale_item_code?: string },
) {
  const headers = { ...JSON_HEADERS, authorization: who.token };
  const q = encodeURIComponent(product.en_name);
  const found = await request.get(`${who.url}/api/admin/products?q=${q}&page=1`, { headers });
  const { items } = ((await found.json()) as { data: AdminProductPage }).data;
  const id = items.find((p) => p.uuid === product.uuid)?.id;
  if (id === undefined) throw new Error(`no product ${product.en_name}`);
  const res = await request.post(`${who.url}/api/admin/products/${id}`, { headers, data: codes });
  if (res.status() !== 200) throw new Error(`codes: ${res.status()} ${await res.text()}`);
}

for (const language of LANGUAGES) {
  test(`a packer picks by scan on a phone (${language})`, async ({ page, request, server, catalogue }) => {
    const t = (key: string, params: Record<string, string | number> = {}) =>
      text(language, `admin:packing.${key}`, params);
    const { list } = await catalogue.products('page=1&page_size=200');
    const brisket = list.find((p) => p.sold_by_weight?.unit === 'lb' && p.real_stock >= 5);
    const pack = list.find((p) => p.sold_by_weight === null && p.real_stock >= 20);
    if (!brisket || !pack) throw new Error('the demo catalogue has no weighed product and pack');
    const manager = await staffSession(request, server, 'manager', `Codes ${language}`);
    const codes = CODES[language];
    await setCodes(request, manager, pack, { barcode: codes.pack });
    await setCodes(request, manager, brisket, { scale_item_code: codes.item });
    try {
      const shopper = await signUp(server, request);
      const address = await callApi<{ uuid: string }>(request, server, shopper, 'POST', '/api/address', {
        ...ADDRESS,
        default_status: 1,
      });
      await callApi(request, server, shopper, 'POST', '/api/cart', { uuid: pack.uuid, amount: 1 });
      await callApi(request, server, shopper, 'POST', '/api/cart', { uuid: brisket.uuid, amount: 1 });
      const cart = await callApi<{ id: number }[]>(request, server, shopper, 'GET', '/api/cart');
      const items = Object.fromEntries(
        cart.flatMap((c, i) => [
          [`items[${i}][id]`, c.id],
          [`items[${i}][num]`, 1],
        ]),
      );
      const orderNo = await callApi<string>(request, server, shopper, 'POST', '/api/order', {
        uuid: address.uuid,
        coupon: '',
        ...items,
      });
      expect(await payByTestCard(request, server, shopper, orderNo)).toBe(2);

      await staffSignedIn(page, server, 'packer', language);
      await page.goto('/admin/packing');
      const card = page.getByRole('article', { name: t('order', { orderNo }) });
      const field = card.getByLabel(t('scan.labelOrder', { orderNo }));
      await expect(field).toBeVisible();
      await expect(card.getByText(t('mark.open'), { exact: true })).toHaveCount(2);

      // Another product: refused on the spot, nothing marked.
      await field.fill(OTHER_PRODUCT);
      await field.press('Enter');
      await expect(card.getByRole('alert')).toHaveText(t('scan.refused.wrongProduct'));
      await expect(card.getByText(t('mark.open'), { exact: true })).toHaveCount(2);

      // The pack's barcode, as a scanner types it: that line is picked.
      const packName = language === 'zh' ? pack.zn_name : pack.en_name;
      await field.fill(codes.pack);
      await field.press('Enter');
      await expect(card.getByRole('status')).toHaveText(t('scan.picked', { name: packName }));
      // The line's mark (its Picked button stays, for a packer who marks by hand).
      const packLine = card.locator('tr').filter({ hasText: packName });
      await expect(packLine.locator('.packing-mark')).toHaveText(t('mark.picked'));
      await expect(card.getByText(t('mark.open'), { exact: true })).toHaveCount(1);

      // The brisket's scale label, 0.92 lb (417 g): its weight is saved and shown.
      const hundredths = '0092';
      const label = withCheck(`2${codes.item}${fourDigitVerifier(hundredths)}${hundredths}`);
      await field.fill(label);
      await field.press('Enter');
      const weight = formatWeight(417, 'lb', language);
      const brisketName = language === 'zh' ? brisket.zn_name : brisket.en_name;
      const weighed = card.locator('tr').filter({ hasText: brisketName }).locator('.packing-weight');
      const [before, after] = t('weight.weighed', { weight, amount: '|' }).split('|');
      await expect(weighed).toHaveText(
        new RegExp(`^${literally(before ?? '')}\\$\\d+\\.\\d\\d${literally(after ?? '')}$`),
      );
      await expect(card.getByRole('status')).toHaveText(t('scan.weighed', { name: brisketName, weight }));
      await expect(card.getByText(t('mark.open'), { exact: true })).toHaveCount(0);
      await expect(card.getByRole('button', { name: t('actions.pack') })).toBeEnabled();

      // One-handed at 390 px: nothing to scroll sideways, targets a thumb can hit.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      const button = await card.getByRole('button', { name: t('scan.check') }).boundingBox();
      expect(button?.height ?? 0).toBeGreaterThanOrEqual(44);
    } finally {
      await setCodes(request, manager, pack, { barcode: '' });
      await setCodes(request, manager, brisket, { scale_item_code: '' });
    }
  });
}
