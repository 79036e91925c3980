import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, shopSettings } from '#server/db/schema';
import { uuidFromKey } from '#server/db/seed';
import { AdminProduct } from '#shared/schemas/admin/products.zod';
import { CartItem } from '#shared/schemas/cart';
import { Product, ProductPage } from '#shared/schemas/catalogue';
import { expectAnswer } from '../../../../tests/helpers/answers';
import { callAs, createShopper } from '../../../../tests/helpers/shoppers';
import { COMPLETE_PRODUCT, callAdmin, createStaff, type TestStaff } from '../../../../tests/helpers/staff';
import { startTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { bumpCatalogueVersion } from './catalogue.changes';

/**
 * Net quantities, unit prices and barcodes as a shopper and an owner meet them: the catalogue's
 * and the cart's answers, the product page's JSON-LD, the console's product form.
 */
let t: TestApp;
let owner: TestStaff;
let webDir: string;
beforeAll(async () => {
  webDir = await mkdtemp(join(tmpdir(), 'shop-web-'));
  await writeFile(
    join(webDir, 'index.html'),
    '<!doctype html><html><head><title>x</title></head><body></body></html>',
  );
  t = await startTestApp({ WEB_DIR: webDir });
  owner = await createStaff(t.database, t.clock.now(), { role: 'owner' });
});
afterAll(async () => {
  await t?.close();
  await rm(webDir, { recursive: true, force: true });
});

async function product(key: string) {
  const res = await t.app.inject({ url: `/api/index_product/${uuidFromKey(key)}` });
  expect(res.statusCode).toBe(200);
  return Product.parse(res.json().data);
}

/** Cents per `size` of the net unit for a price in dollars, half up, as docs/product.md says. */
const per = (price: number, quantity: number, size: number) =>
  Math.round((Math.round(price * 100) * size) / quantity) / 100;

async function setShopUnit(unit: 'lb' | 'kg') {
  await t.database.db
    .insert(shopSettings)
    .values({ id: 1, weightUnit: unit, updatedAt: t.clock.now() })
    .onConflictDoUpdate({ target: shopSettings.id, set: { weightUnit: unit } });
  await t.database.db.transaction((tx) => bumpCatalogueVersion(tx));
  await t.app.catalogue.refreshIfStale();
  await t.app.catalogue.refreshIfStale();
}

describe('unit prices in the catalogue', () => {
  it('answers eggs per piece, milk per fl oz and small packs per oz in a shop that uses lb', async () => {
    const eggs = await product('large-brown-eggs');
    const price = eggs.promotion_price ?? eggs.price;
    expect(eggs).toMatchObject({ net_quantity: 12, net_unit: 'ct' });
    expect(eggs.unit_price).toEqual({ amount: per(price, 12, 1), per: 'ea' });
    const milk = await product('organic-whole-milk');
    expect(milk).toMatchObject({ net_quantity: 1890, net_unit: 'ml', unit_price: { per: 'floz' } });
    const butter = await product('anchor-unsalted-butter');
    expect(butter).toMatchObject({ net_quantity: 227, net_unit: 'g', unit_price: { per: 'oz' } });
  });

  it('answers per 100 g and 100 ml once the shop uses kg, on cards too', async () => {
    await setShopUnit('kg');
    try {
      const milk = await product('organic-whole-milk');
      expect(milk.unit_price).toEqual({
        amount: per(milk.promotion_price ?? milk.price, 1890, 100),
        per: '100ml',
      });
      const butter = await product('anchor-unsalted-butter');
      expect(butter.unit_price?.per).toBe('100g');
      const list = await t.app.inject({
        url: `/api/index_product?category_id=${butter.category_id}&pagesize=50`,
      });
      const cards = ProductPage.parse(list.json().data).list;
      expect(cards.find((c) => c.uuid === butter.uuid)?.unit_price).toEqual(butter.unit_price);
    } finally {
      await setShopUnit('lb');
    }
  });

  it('puts the unit price on each cart line', async () => {
    const shopper = await createShopper(t.database, t.clock.now());
    const uuid = uuidFromKey('large-brown-eggs');
    expect((await callAs(t.app, shopper, 'POST', '/api/cart', { uuid, amount: 2 })).status).toBe(200);
    const lines = (await callAs(t.app, shopper, 'GET', '/api/cart')).body.data.map((l: unknown) =>
      CartItem.parse(l),
    );
    expect(lines[0]).toMatchObject({ uuid, net_quantity: 12, net_unit: 'ct', unit_price: { per: 'ea' } });
    expect(lines[0].unit_price.amount).toBe(per(lines[0].price, 12, 1));
  });

  it('carries it in the product page JSON-LD as a UnitPriceSpecification', async () => {
    const eggs = await product('large-brown-eggs');
    const html = (await t.app.inject({ url: `/product/${eggs.uuid}` })).body;
    const [data] = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1] ?? 'null'),
    );
    expect(data.offers.priceSpecification).toEqual({
      '@type': 'UnitPriceSpecification',
      price: eggs.unit_price?.amount.toFixed(2),
      priceCurrency: 'USD',
      referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'H87' },
    });
  });
});

describe('barcodes in the console', () => {
  const save = (id: number, fields: Record<string, string>, lang = 'en') =>
    callAdmin(t.app, owner.token, 'POST', `/api/admin/products/${id}`, fields, { lang });
  async function created() {
    const res = await callAdmin(t.app, owner.token, 'POST', '/api/admin/products', COMPLETE_PRODUCT);
    expect(res.status).toBe(200);
    return expectAnswer(AdminProduct, res);
  }

  it('saves a barcode, a scale item code and net quantities, and clears them', async () => {
    const p = await created();
    expect(p).toMatchObject({ barcode: null, scale_item_code: null, net_volume_ml: 0, net_count: 0 });
    const res = await save(p.id, { barcode: ' 036000241457 ', scale_item_code: '04011', net_count: '6' });
    expect(res.status).toBe(200);
    expect(expectAnswer(AdminProduct, res)).toMatchObject({
      barcode: '036000241457',
      scale_item_code: '04011',
      net_count: 6,
    });
    const cleared = await save(p.id, { barcode: '', scale_item_code: '' });
    expect(cleared.body.data).toMatchObject({ barcode: null, scale_item_code: null, net_count: 6 });
  });

  it('refuses a wrong check digit, a wrong length and a bad scale code in the caller’s language, changing nothing', async () => {
    const p = await created();
    await save(p.id, { barcode: '4006381333931' });
    const en = await save(p.id, { barcode: '4006381333932', en_name: 'Changed' });
    expect(en.status).toBe(400);
    expect(en.body.message).toBe(
      'This barcode’s last digit (its check digit) is wrong: check the number on the pack.',
    );
    const zh = await save(p.id, { barcode: '4006381333932' }, 'zh');
    expect(zh.status).toBe(400);
    expect(zh.body.message).toBe('条形码最后一位（校验位）不对，请核对包装上的号码。');
    expect((await save(p.id, { barcode: '12345' })).body.message).toBe(
      'A barcode has 13 digits (EAN-13), 12 (UPC-A) or 8 (EAN-8).',
    );
    expect((await save(p.id, { scale_item_code: '1234' }, 'zh')).body.message).toBe(
      '电子秤商品码须为 5 位数字。',
    );
    const [row] = await t.database.db.select().from(products).where(eq(products.id, p.id));
    expect(row).toMatchObject({ barcode: '4006381333931', enName: 'Dragon fruit' });
  });

  it('refuses a barcode another product has, however it is spelled', async () => {
    const [a, b] = [await created(), await created()];
    expect((await save(a.id, { barcode: '0012345678905' })).status).toBe(200);
    const same = await save(b.id, { barcode: '0012345678905' });
    expect(same.status).toBe(409);
    expect(same.body.message).toBe('Another product already has this barcode.');
    const upc = await save(b.id, { barcode: '012345678905' }, 'zh');
    expect(upc.status).toBe(409);
    expect(upc.body.message).toBe('已有其他商品使用这个条形码。');
    // Saving its own barcode again is no clash.
    expect((await save(a.id, { barcode: '0012345678905' })).status).toBe(200);
  });

  it('gives a barcode saved on two products at once to one of them', async () => {
    const [a, b] = [await created(), await created()];
    const [ra, rb] = await Promise.all([
      save(a.id, { barcode: '96385074' }),
      save(b.id, { barcode: '96385074' }),
    ]);
    expect([ra.status, rb.status].sort()).toEqual([200, 409]);
    const loser = ra.status === 409 ? ra : rb;
    expect(loser.body.message).toBe('Another product already has this barcode.');
    const holders = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.barcode, ['96385074']));
    expect(holders).toHaveLength(1);
  });

  it('finds a product first by the barcode a scanner types into the search box', async () => {
    const p = await created();
    await save(p.id, { barcode: '0075678164125', scale_item_code: '04242' });
    for (const q of ['0075678164125', '075678164125', '04242']) {
      const res = await callAdmin(t.app, owner.token, 'GET', '/api/admin/products', { q });
      expect({ q, first: res.body.data.items[0]?.id }).toEqual({ q, first: p.id });
    }
  });
});
