import type { APIRequestContext } from '@playwright/test';
import { gs1CheckDigit } from '#shared/barcode';
import type { Language } from '#shared/constants';
import { fourDigitVerifier } from '#shared/gs1-scale';
import type { AdminProductPage } from '#shared/schemas/product-admin.rules';
import { formatWeight } from '#shared/weight';
import { staffSignedIn } from './fixtures/admin-orders';
import { type AdminShop, type StaffSession, staffSession, test } from './fixtures/admin-shop-server';
import { expect as base, expectAccessible, LANGUAGES, text } from './fixtures/shop';
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
const CAMERA_CODE = withCheck('04900000733');
/** A good EAN-13 of no line of the order. */
const OTHER_PRODUCT = '4006381333931';
const JSON_HEADERS = { 'X-Requested-With': 'XMLHttpRequest', Client: 'fresh-market-console' };

type Codes = { barcode?: string | null; scale_item_code?: string | null };

/** Sets a product's codes over the console's API; answers the codes it had, to set back after. */
async function setCodes(
  request: APIRequestContext,
  who: StaffSession,
  product: { uuid: string; en_name: string },
  codes: Codes,
): Promise<Codes> {
  const headers = { ...JSON_HEADERS, authorization: who.token };
  const q = encodeURIComponent(product.en_name);
  const found = await request.get(`${who.url}/api/admin/products?q=${q}&page=1`, { headers });
  const { items } = ((await found.json()) as { data: AdminProductPage }).data;
  const id = items.find((p) => p.uuid === product.uuid)?.id;
  if (id === undefined) throw new Error(`no product ${product.en_name}`);
  const before = await request.get(`${who.url}/api/admin/products/${id}`, { headers });
  const had = ((await before.json()) as { data: { barcode: string | null; scale_item_code: string | null } })
    .data;
  const res = await request.post(`${who.url}/api/admin/products/${id}`, { headers, data: codes });
  if (res.status() !== 200) throw new Error(`codes: ${res.status()} ${await res.text()}`);
  return Object.fromEntries(Object.keys(codes).map((k) => [k, had[k as keyof typeof had] ?? ''])) as Codes;
}

/** A new shopper's paid order of one of each product. */
async function paidOrderOf(request: APIRequestContext, server: AdminShop, uuids: string[]): Promise<string> {
  const shopper = await signUp(server, request);
  const address = await callApi<{ uuid: string }>(request, server, shopper, 'POST', '/api/address', {
    ...ADDRESS,
    default_status: 1,
  });
  for (const uuid of uuids) await callApi(request, server, shopper, 'POST', '/api/cart', { uuid, amount: 1 });
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
  return orderNo;
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
    const packHad = await setCodes(request, manager, pack, { barcode: codes.pack });
    const brisketHad = await setCodes(request, manager, brisket, { scale_item_code: codes.item });
    try {
      const orderNo = await paidOrderOf(request, server, [pack.uuid, brisket.uuid]);

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
      await expectAccessible(page);
    } finally {
      await setCodes(request, manager, pack, packHad);
      await setCodes(request, manager, brisket, brisketHad);
    }
  });
}

/**
 * The camera, where the browser reads barcodes: a stand-in BarcodeDetector (it reads whatever code
 * the test puts before it) and a canvas's stream for the camera, whose tracks count their stops.
 */
test('a packer picks with the camera, which stops when it closes', async ({
  page,
  request,
  server,
  catalogue,
}) => {
  const t = (key: string, params: Record<string, string | number> = {}) =>
    text('en', `admin:packing.${key}`, params);
  // Another pack than the other tests' (they may share this worker's shop).
  const [, pack] = await catalogue.stocked(2, (p) => p.sold_by_weight === null && p.real_stock >= 20);
  if (!pack) throw new Error('the demo catalogue has too few packs');
  const manager = await staffSession(request, server, 'manager', 'Camera codes');
  const had = await setCodes(request, manager, pack, { barcode: CAMERA_CODE });
  try {
    const orderNo = await paidOrderOf(request, server, [pack.uuid]);
    await page.addInitScript(() => {
      const w = window as unknown as { BarcodeDetector: unknown; seen?: string; stops: number };
      w.stops = 0;
      w.BarcodeDetector = class {
        async detect() {
          return w.seen ? [{ rawValue: w.seen }] : [];
        }
      };
      navigator.mediaDevices.getUserMedia = async () => {
        const canvas = document.createElement('canvas');
        const stream = canvas.captureStream();
        for (const track of stream.getTracks()) {
          const stop = track.stop.bind(track);
          track.stop = () => {
            w.stops++;
            stop();
          };
        }
        return stream;
      };
    });
    await staffSignedIn(page, server, 'packer', 'en');
    await page.goto('/admin/packing');
    const card = page.getByRole('article', { name: t('order', { orderNo }) });
    const video = card.getByLabel(t('scan.cameraVideo'));
    const stops = () => page.evaluate(() => (window as unknown as { stops: number }).stops);

    // Opened and closed by hand: the camera is stopped, nothing marked.
    await card.getByRole('button', { name: t('scan.camera') }).click();
    await expect(video).toBeVisible();
    await card.getByRole('button', { name: t('scan.closeCamera') }).click();
    await expect(video).toHaveCount(0);
    await expect.poll(stops).toBe(1);
    await expect(card.getByText(t('mark.open'), { exact: true })).toHaveCount(1);

    // The pack before the camera: its line is picked and the camera closes.
    await card.getByRole('button', { name: t('scan.camera') }).click();
    await expect(video).toBeVisible();
    await page.evaluate((code) => {
      (window as unknown as { seen: string }).seen = code;
    }, CAMERA_CODE);
    await expect(card.getByRole('status')).toHaveText(t('scan.picked', { name: pack.en_name }));
    await expect(video).toHaveCount(0);
    await expect.poll(stops).toBe(2);
    await expect(card.locator('.packing-mark')).toHaveText(t('mark.picked'));
  } finally {
    await setCodes(request, manager, pack, had);
  }
});
