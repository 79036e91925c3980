import { access, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, orderLines, orders, products } from '#server/db/schema';
import { MEDIA_WIDTHS } from '#shared/media';
import { ProductPictures } from '#shared/schemas/admin/media.zod';
import en from '../../../../public/locales/en/errors.json' with { type: 'json' };
import zh from '../../../../public/locales/zh/errors.json' with { type: 'json' };
import { shopperWithRows } from '../../../../tests/api/security/shop-state';
import { expectAnswer } from '../../../../tests/helpers/answers';
import { createStaff } from '../../../../tests/helpers/staff';
import { startTestApp } from '../../../../tests/helpers/test-app';
import { photo, uploadTo } from '../../../../tests/helpers/uploads';

/**
 * A product's pictures — uploaded (every width the storefront asks for),
 * reordered and deleted — with the first one always the product's `product_image`, what the
 * storefront shows at once, an audit line for each change, and files deleted only once nothing
 * (no product, no order line) shows them.
 */

const t = await startTestApp();
afterAll(async () => t.close());
const owner = await createStaff(t.database, t.clock.now(), { role: 'owner' });
const M = en.catalogueAdmin.pictures;
const Z = zh.catalogueAdmin.pictures;
const db = t.database.db;

interface Picture {
  id: number;
  link: string;
}

async function call(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  body?: unknown,
  lang = 'en',
  token = owner.token,
) {
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization: token, 'accept-language': lang },
    ...(body ? { payload: body as Record<string, unknown> } : {}),
  });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

const add = async (id: number, seed: number) => {
  const res = await uploadTo(
    t.app,
    `/api/admin/products/${id}/images`,
    owner.token,
    await photo(900, 700, seed).jpeg().toBuffer(),
  );
  expect(res.status).toBe(200);
  return expectAnswer(ProductPictures, res).images;
};

async function productOf(id: number) {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  if (!row) throw new Error('no product');
  return row;
}

/** What a shopper's product page gets: the pictures in order. */
async function storefrontPictures(id: number): Promise<string[]> {
  const { uuid } = await productOf(id);
  const res = await t.app.inject({ url: `/api/index_product/${uuid}` });
  return JSON.parse(res.body).data.images.map((i: { link: string }) => i.link);
}

const fileExists = (link: string, width: number) =>
  access(
    join(t.config.uploadsDir, link.replace('/uploads/', '').replace(/-\d+\.webp$/, `-${width}.webp`)),
  ).then(
    () => true,
    () => false,
  );

// Each test makes pictures: slow on a loaded machine, whatever the code does.
describe('a product’s pictures', { timeout: 120_000 }, () => {
  it('adds uploads last, in every width, and the storefront shows them at once', async () => {
    const product = await productOf(2);
    const seeded = expectAnswer(ProductPictures, await call('GET', '/api/admin/products/2/images')).images;
    expect(seeded[0]?.link).toBe(product.productImage);
    const after = await add(2, 1);
    expect(after.slice(0, seeded.length)).toEqual(seeded);
    const added = after.at(-1) as Picture;
    expect(added.link).toMatch(/^\/uploads\/catalogue\/[0-9a-f]{24}-400\.webp$/);
    for (const width of MEDIA_WIDTHS.product) {
      const file = await t.app.inject({ url: added.link.replace('-400.webp', `-${width}.webp`) });
      expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: 'webp', width, height: width });
    }
    expect((await productOf(2)).productImage).toBe(product.productImage);
    expect(await storefrontPictures(2)).toEqual(after.map((p) => p.link));
  });

  it('keeps product_image the first picture through reorder and delete', async () => {
    const first = await add(3, 2);
    const pictures = await add(3, 3);
    const ids = pictures.map((p) => p.id);
    const reversed = [...ids].reverse();
    const moved = await call('POST', '/api/admin/products/3/images/order', { ids: reversed });
    expect(moved.status).toBe(200);
    expect(expectAnswer(ProductPictures, moved).images.map((p) => p.id)).toEqual(reversed);
    const newest = pictures.at(-1) as Picture;
    expect((await productOf(3)).productImage).toBe(newest.link);
    expect((await storefrontPictures(3))[0]).toBe(newest.link);

    const deleted = await call('DELETE', `/api/admin/products/3/images/${newest.id}`);
    expect(deleted.status).toBe(200);
    const rest = expectAnswer(ProductPictures, deleted).images;
    expect(rest.map((p) => p.id)).toEqual(reversed.slice(1));
    expect((await productOf(3)).productImage).toBe(rest[0]?.link);
    // Nothing shows the deleted picture any more: its files are gone.
    for (const width of MEDIA_WIDTHS.product) expect(await fileExists(newest.link, width)).toBe(false);
    expect(first.length).toBeGreaterThan(0);

    for (const picture of rest)
      expect((await call('DELETE', `/api/admin/products/3/images/${picture.id}`)).status).toBe(200);
    expect((await productOf(3)).productImage).toBe('');
    expect((await call('GET', '/api/admin/products/3/images')).body.data.images).toEqual([]);
  });

  it('never deletes the files an order line still shows', async () => {
    const own = await shopperWithRows(t);
    const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, own.orderNo));
    const pictures = await add(4, 4);
    const shown = pictures.at(-1) as Picture;
    // The order was placed while this picture was the product's first: its line keeps it.
    await db
      .update(orderLines)
      .set({ image: shown.link })
      .where(eq(orderLines.orderId, order?.id ?? 0));
    expect((await call('DELETE', `/api/admin/products/4/images/${shown.id}`)).status).toBe(200);
    for (const width of MEDIA_WIDTHS.product) expect(await fileExists(shown.link, width)).toBe(true);
    const file = await t.app.inject({ url: shown.link });
    expect(file.statusCode).toBe(200);
  });

  it('writes an audit line for each change, before and after', async () => {
    const pictures = await add(5, 5);
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'product'), eq(auditLog.targetId, '5')));
    expect(rows.map((r) => r.action)).toEqual(['product.pictures.add']);
    expect(rows[0]?.staffId).toBe(owner.id);
    expect(rows[0]?.after).toEqual({ images: pictures.map((p) => p.link) });
    expect((rows[0]?.before as { images: string[] } | undefined)?.images).toEqual(
      pictures.slice(0, -1).map((p) => p.link),
    );
  });

  it('refuses, in the staff member’s language, an order that leaves a picture out, a picture of another product, a bad file', async () => {
    const pictures = (await call('GET', '/api/admin/products/6/images')).body.data.images as Picture[];
    const ids = pictures.map((p) => p.id);
    const before = await productOf(6);
    expect(await call('POST', '/api/admin/products/6/images/order', { ids: ids.slice(1) }, 'zh-CN')).toEqual({
      status: 400,
      body: { code: 400, message: Z.orderMismatch },
    });
    const other = (await call('GET', '/api/admin/products/2/images')).body.data.images[0] as Picture;
    expect(
      (await call('POST', '/api/admin/products/6/images/order', { ids: [...ids.slice(1), other.id] })).body
        .message,
    ).toBe(M.orderMismatch);
    expect((await call('DELETE', `/api/admin/products/6/images/${other.id}`)).status).toBe(404);
    const text = Buffer.from('not a picture at all');
    expect(await uploadTo(t.app, '/api/admin/products/6/images', owner.token, text, {}, 'zh')).toEqual({
      status: 400,
      body: { code: 400, message: Z.format },
    });
    const small = await photo(300, 300).png().toBuffer();
    expect((await uploadTo(t.app, '/api/admin/products/6/images', owner.token, small)).body.message).toBe(
      M.tooSmall.replace('{{width}}', '400').replace('{{height}}', '400'),
    );
    expect(await productOf(6)).toEqual(before);
    expect((await call('GET', '/api/admin/products/999999/images')).status).toBe(404);
    const stored = await readdir(join(t.config.uploadsDir, 'catalogue')).catch(() => []);
    expect(stored.every((name) => /^[0-9a-f]{24}-\d+\.webp$/.test(name))).toBe(true);
  });

  it('is the owner’s and manager’s: a packer gets 403 and changes nothing', async () => {
    const packer = await createStaff(t.database, t.clock.now(), { role: 'packer' });
    const manager = await createStaff(t.database, t.clock.now(), { role: 'manager' });
    const png = await photo(500, 500).png().toBuffer();
    expect((await uploadTo(t.app, '/api/admin/products/7/images', packer.token, png)).status).toBe(403);
    expect((await call('GET', '/api/admin/products/7/images', undefined, 'en', packer.token)).status).toBe(
      403,
    );
    expect((await uploadTo(t.app, '/api/admin/products/7/images', manager.token, png)).status).toBe(200);
  });
});
