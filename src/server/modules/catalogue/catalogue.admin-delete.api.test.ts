import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { orderLines, orders, productImages } from '#server/db/schema';
import { MEDIA_WIDTHS } from '#shared/media';
import { ProductPictures } from '#shared/schemas/admin/media.zod';
import { ProductDeleted } from '#shared/schemas/admin/products.zod';
import { shopperWithRows } from '../../../../tests/api/security/shop-state';
import { expectAnswer } from '../../../../tests/helpers/answers';
import { COMPLETE_PRODUCT, callAdmin, createStaff } from '../../../../tests/helpers/staff';
import { startTestApp } from '../../../../tests/helpers/test-app';
import { photo, uploadTo } from '../../../../tests/helpers/uploads';

/**
 * Deleting a product (not archiving it) deletes its pictures' files too, once
 * nothing else shows them: a picture another product or a banner shows stays.
 */

const t = await startTestApp();
afterAll(async () => t.close());
const owner = await createStaff(t.database, t.clock.now(), { role: 'owner' });
const db = t.database.db;

async function newProduct(): Promise<number> {
  const res = await callAdmin(t.app, owner.token, 'POST', '/api/admin/products', COMPLETE_PRODUCT);
  expect(res.status).toBe(200);
  return res.body.data.id as number;
}

/** Uploads a picture to the product; answers its link. */
async function upload(productId: number, seed: number): Promise<string> {
  const bytes = await photo(600, 600, seed).jpeg().toBuffer();
  const res = await uploadTo(t.app, `/api/admin/products/${productId}/images`, owner.token, bytes);
  expect(res.status).toBe(200);
  return expectAnswer(ProductPictures, res).images.at(-1)?.link as string;
}

/** What the shop answers for each width of a picture. */
const statuses = async (link: string) =>
  Promise.all(
    MEDIA_WIDTHS.product.map(
      async (width) =>
        (await t.app.inject({ url: link.replace(/-\d+\.webp$/, `-${width}.webp`) })).statusCode,
    ),
  );

describe('deleting a product', { timeout: 120_000 }, () => {
  it('deletes its pictures’ files, keeping those another product or a banner shows', async () => {
    const id = await newProduct();
    const own = await upload(id, 11);
    const shared = await upload(id, 12);
    const onBanner = await upload(id, 13);
    for (const link of [own, shared, onBanner]) expect(await statuses(link)).toEqual([200, 200, 200]);

    // Another product shows one of them (as a CSV import can set), a banner another.
    const other = await newProduct();
    await db.insert(productImages).values({ productId: other, link: shared, sort: 0 });
    const banner = await callAdmin(t.app, owner.token, 'POST', '/api/admin/banners', {
      type: '2',
      url: '/promotions',
      image: onBanner,
    });
    expect(banner.status).toBe(200);

    const deleted = await callAdmin(t.app, owner.token, 'DELETE', `/api/admin/products/${id}`);
    expect(deleted.status).toBe(200);
    expect(expectAnswer(ProductDeleted, deleted)).toEqual({ deleted: true, archived: false });
    expect(await statuses(own)).toEqual([404, 404, 404]);
    expect(await statuses(shared)).toEqual([200, 200, 200]);
    expect(await statuses(onBanner)).toEqual([200, 200, 200]);

    // The other product's own delete then takes the shared picture with it.
    expect((await callAdmin(t.app, owner.token, 'DELETE', `/api/admin/products/${other}`)).status).toBe(200);
    expect(await statuses(shared)).toEqual([404, 404, 404]);
    expect(await statuses(onBanner)).toEqual([200, 200, 200]);
  });

  it('keeps the files when the delete rolls back', async () => {
    const id = await newProduct();
    const link = await upload(id, 15);
    // The database refuses this one delete, after the product's rows were read and deleted.
    await db.execute(
      sql.raw(`create function refuse_delete() returns trigger language plpgsql as $$
        begin raise exception 'refused by the test'; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger refuse_delete after delete on products for each row
        when (old.id = ${Number(id)}) execute function refuse_delete()`),
    );
    const refused = await callAdmin(t.app, owner.token, 'DELETE', `/api/admin/products/${id}`);
    expect(refused.status).toBe(500);
    expect(await statuses(link)).toEqual([200, 200, 200]);
    await db.execute(sql.raw('drop trigger refuse_delete on products'));
    expect((await callAdmin(t.app, owner.token, 'DELETE', `/api/admin/products/${id}`)).status).toBe(200);
    expect(await statuses(link)).toEqual([404, 404, 404]);
  });

  it('keeps the files of a product it only archives (orders show them)', async () => {
    const id = await newProduct();
    const link = await upload(id, 14);
    // A shopper's order bought it while this picture was its first.
    const own = await shopperWithRows(t);
    const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, own.orderNo));
    await db
      .update(orderLines)
      .set({ productId: id, image: link })
      .where(eq(orderLines.orderId, order?.id ?? 0));
    const res = await callAdmin(t.app, owner.token, 'DELETE', `/api/admin/products/${id}`);
    expect(expectAnswer(ProductDeleted, res)).toEqual({ deleted: false, archived: true });
    expect(await statuses(link)).toEqual([200, 200, 200]);
  });
});
