import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#server/db/schema';
import { uuidFromKey } from '#server/db/seed';
import { ImportReport } from '#shared/schemas/admin/import.zod';
import { expectAnswer } from '../../../../tests/helpers/answers';
import { createStaff, type TestStaff } from '../../../../tests/helpers/staff';
import { startTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { parseCsv } from './csv';

/** Barcodes, scale item codes and net quantities through the product CSV. */
let t: TestApp;
let owner: TestStaff;
beforeAll(async () => {
  t = await startTestApp();
  owner = await createStaff(t.database, t.clock.now(), { role: 'owner' });
});
afterAll(async () => t?.close());

async function exportCsv() {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/admin/products.csv',
    headers: { authorization: `Bearer ${owner.token}` },
  });
  return res.body;
}

async function importCsv(csv: string, { dryRun = false, lang = 'en' } = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/products/import${dryRun ? '?dryRun=1' : ''}`,
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'text/csv', 'accept-language': lang },
    payload: csv,
  });
  return { status: res.statusCode, body: res.json() };
}

const EGGS = uuidFromKey('large-brown-eggs');
const MILK = uuidFromKey('organic-whole-milk');
const row = async (uuid: string) =>
  (await t.database.db.select().from(products).where(eq(products.uuid, uuid)))[0];

describe('codes in the product CSV', () => {
  it('exports codes as text a spreadsheet keeps, and reads a leading 0 back', async () => {
    await t.database.db.update(products).set({ barcode: '036000241457' }).where(eq(products.uuid, EGGS));
    const text = await exportCsv();
    const records = parseCsv(text).records.map((r) => r.fields);
    const header = records[0] as string[];
    const eggs = records.find((r) => r[0] === EGGS) as string[];
    expect(eggs[header.indexOf('barcode')]).toBe("'036000241457");
    expect(eggs[header.indexOf('net_count')]).toBe('12');
    const milk = records.find((r) => r[0] === MILK) as string[];
    expect(milk[header.indexOf('net_volume_ml')]).toBe('1890');
    expect(milk[header.indexOf('barcode')]).toMatch(/^'02[5-9]\d{10}$/);
    // Read back unchanged, and the same once a spreadsheet dropped the apostrophe and the 0.
    const same = await importCsv(text, { dryRun: true });
    expect(expectAnswer(ImportReport, same)).toMatchObject({ errorCount: 0, updated: 0 });
    const dropped = await importCsv(`uuid,barcode,scale_item_code\r\n${EGGS},36000241457,\r\n`);
    expect(dropped.body.data).toMatchObject({ applied: true, errorCount: 0, updated: 0 });
    expect(await row(EGGS)).toMatchObject({ barcode: '036000241457' });
  });

  it('sets, changes and clears codes and net quantities', async () => {
    const set = await importCsv(
      `uuid,barcode,scale_item_code,net_count\r\n${EGGS},4006381333931,'00417,24\r\n`,
    );
    expect(set.body.data).toMatchObject({ applied: true, updated: 1, errorCount: 0 });
    expect(set.body.data.changes[0].fields).toEqual(['net_count', 'barcode', 'scale_item_code']);
    expect(await row(EGGS)).toMatchObject({ barcode: '4006381333931', scaleItemCode: '00417', netCount: 24 });
    const cleared = await importCsv(`uuid,barcode,scale_item_code\r\n${EGGS},,\r\n`);
    expect(cleared.body.data).toMatchObject({ applied: true, updated: 1 });
    expect(await row(EGGS)).toMatchObject({ barcode: null, scaleItemCode: null, netCount: 24 });
  });

  it('refuses a wrong check digit, a duplicate in the file and a code another product has, in en and zh', async () => {
    const milkCode = (await row(MILK))?.barcode ?? '';
    const third = uuidFromKey('anchor-unsalted-butter');
    const csv = [
      'uuid,barcode',
      `${EGGS},4006381333932`,
      `${third},96385074`,
      `${uuidFromKey('salted-duck-eggs')},96385074`,
      `${uuidFromKey('century-eggs')},${milkCode}`,
    ].join('\r\n');
    const before = await row(EGGS);
    for (const lang of ['en', 'zh']) {
      const report = expectAnswer(ImportReport, await importCsv(csv, { lang }));
      expect(report.applied).toBe(false);
      expect(report.errors.map((e) => [e.row, e.column])).toEqual([
        [2, 'barcode'],
        [4, 'barcode'],
        [5, 'barcode'],
      ]);
      expect(report.errors.map((e) => e.message)).toEqual(
        lang === 'en'
          ? [
              'This barcode’s last digit (its check digit) is wrong: check the number on the pack.',
              'This barcode is also on line 3.',
              'Another product already has this barcode.',
            ]
          : [
              '条形码最后一位（校验位）不对，请核对包装上的号码。',
              '第 3 行也用了这个条形码。',
              '已有其他商品使用这个条形码。',
            ],
      );
    }
    expect(await row(EGGS)).toEqual(before);
    expect((await row(third))?.barcode).not.toBe('96385074');
  });
});
