import { and, asc, count, eq, max } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '#server/db/client';
import {
  banners,
  categories,
  orderLines,
  plateItems,
  productImages,
  products,
  promotions,
} from '#server/db/schema';
import { BadInput, NotFound } from '#server/errors';
import type { UploadedFile } from '#server/uploads/upload-reader';
import { PRODUCT_PICTURES_MAX } from '#shared/schemas/media.rules';
import type { AuditedCatalogueChange } from '../catalogue/catalogue.changes';
import type { CatalogueMedia } from './media.files';

/** One picture of a product as the console sees it; the first is the product's `product_image`. */
export interface ProductPicture {
  id: number;
  link: string;
}

export interface ProductPicturesDeps {
  db: Db;
  media: CatalogueMedia;
}

const KEY = 'errors:catalogueAdmin.pictures';

/**
 * A product's pictures (docs/api.md, Admin: pictures): `product_images` rows in `sort` order, the
 * first copied to `products.product_image` in the same transaction. Every change runs in the
 * caller's `change` (a catalogue change touching the product, audited by the caller), as files are
 * made before it and removed after it commits. A deleted picture's files go once nothing shows them
 * any more (`pictureShown`): no product, no order line (orders keep their snapshot), no banner,
 * tile, category icon or promotion.
 */
export class ProductPictures {
  constructor(private readonly deps: ProductPicturesDeps) {}

  /** The product's pictures, first first; 404 for no such product. */
  async list(productId: number): Promise<ProductPicture[]> {
    await this.productOf(this.deps.db, productId);
    return picturesOf(this.deps.db, productId);
  }

  /** Makes the picture's files, then adds it last; the files go again if the product refuses it. */
  async add(
    change: AuditedCatalogueChange,
    productId: number,
    file: UploadedFile,
  ): Promise<ProductPicture[]> {
    // Refused before the expensive work when it cannot be taken.
    await this.roomFor(productId);
    const link = await this.deps.media.save('product', file);
    try {
      return await this.change(change, productId, 'product.pictures.add', async (tx, before) => {
        if (before.length >= PRODUCT_PICTURES_MAX)
          throw new BadInput(`${KEY}.tooMany`, { max: PRODUCT_PICTURES_MAX });
        const [last] = await tx
          .select({ sort: max(productImages.sort) })
          .from(productImages)
          .where(eq(productImages.productId, productId));
        await tx.insert(productImages).values({ productId, link, sort: (last?.sort ?? -1) + 1 });
      });
    } catch (error) {
      // Names are content-addressed: the same picture may be shown elsewhere already.
      await this.forgetUnshown([link]);
      throw error;
    }
  }

  /** Puts the pictures in the given order: `ids` must name each of the product's pictures once. */
  async reorder(change: AuditedCatalogueChange, productId: number, ids: number[]): Promise<ProductPicture[]> {
    return this.change(change, productId, 'product.pictures.order', async (tx, before) => {
      const have = new Set(before.map((p) => p.id));
      if (ids.length !== have.size || ids.some((id) => !have.has(id)))
        throw new BadInput(`${KEY}.orderMismatch`);
      for (const [sort, id] of ids.entries())
        await tx
          .update(productImages)
          .set({ sort })
          .where(and(eq(productImages.id, id), eq(productImages.productId, productId)));
    });
  }

  /** Deletes one picture; its files go too once nothing shows them. */
  async remove(
    change: AuditedCatalogueChange,
    productId: number,
    imageId: number,
  ): Promise<ProductPicture[]> {
    let link: string | undefined;
    const after = await this.change(change, productId, 'product.pictures.delete', async (tx, before) => {
      link = before.find((p) => p.id === imageId)?.link;
      if (link === undefined) throw new NotFound(`${KEY}.notFound`);
      await tx.delete(productImages).where(eq(productImages.id, imageId));
    });
    if (link !== undefined) await this.forgetUnshown([link]);
    return after;
  }

  /**
   * Deletes the files of those of `links` nothing shows any more. Call it once the change that
   * stopped showing them has committed, so a rolled-back change never loses a picture.
   */
  async forgetUnshown(links: readonly string[]): Promise<void> {
    for (const link of new Set(links)) {
      if (this.deps.media.isOurs(link) && !(await pictureShown(this.deps.db, link)))
        await this.deps.media.remove(link);
    }
  }

  /**
   * One change to a product's pictures in `change`'s transaction: the product locked, `work` given
   * its pictures before, `product_image` set to the first one after, the audit line reported.
   */
  private change(
    change: AuditedCatalogueChange,
    productId: number,
    action: string,
    work: (tx: Tx, before: ProductPicture[]) => Promise<void>,
  ): Promise<ProductPicture[]> {
    return change(async (tx, touched) => {
      const product = await this.productOf(tx, productId, true);
      const before = await listedPictures(tx, productId, product.productImage);
      await work(tx, before);
      const after = await picturesOf(tx, productId);
      const first = after[0]?.link ?? '';
      if (first !== product.productImage)
        await tx.update(products).set({ productImage: first }).where(eq(products.id, productId));
      touched.product(productId);
      const audit = {
        action,
        targetType: 'product',
        targetId: productId,
        before: { images: before.map((p) => p.link) },
        after: { images: after.map((p) => p.link) },
      };
      return { result: after, audit };
    });
  }

  private async productOf(db: Db | Tx, productId: number, lock = false) {
    const query = db
      .select({ id: products.id, productImage: products.productImage })
      .from(products)
      .where(eq(products.id, productId));
    const [product] = await (lock ? query.for('update') : query);
    if (!product) throw new NotFound(`${KEY}.productNotFound`);
    return product;
  }

  private async roomFor(productId: number): Promise<void> {
    await this.productOf(this.deps.db, productId);
    const [row] = await this.deps.db
      .select({ n: count() })
      .from(productImages)
      .where(eq(productImages.productId, productId));
    if ((row?.n ?? 0) >= PRODUCT_PICTURES_MAX)
      throw new BadInput(`${KEY}.tooMany`, { max: PRODUCT_PICTURES_MAX });
  }
}

/**
 * Every column that shows a catalogue picture: a product (its list or its first picture), an order
 * line (orders keep their snapshot), a banner, a plate's tile, a category's icon, a promotion's ad.
 * A picture none of them names may go (here, and in the sweep, media.sweep.ts).
 */
export const PICTURE_SHOWN_IN: readonly PgColumn[] = [
  productImages.link,
  products.productImage,
  orderLines.image,
  banners.image,
  plateItems.img,
  categories.icon,
  promotions.adImg,
];

/** Whether anything still shows this picture (PICTURE_SHOWN_IN). */
async function pictureShown(db: Db, link: string): Promise<boolean> {
  const uses = await Promise.all(
    PICTURE_SHOWN_IN.map((column) =>
      db.select({ link: column }).from(column.table).where(eq(column, link)).limit(1),
    ),
  );
  return uses.some((rows) => rows.length > 0);
}

function picturesOf(db: Db | Tx, productId: number): Promise<ProductPicture[]> {
  return db
    .select({ id: productImages.id, link: productImages.link })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.sort), asc(productImages.id));
}

/**
 * The pictures as the product shows them: a product with a `product_image` and no rows (made
 * before it had a list) gets that picture as its first row, so a change keeps it.
 */
async function listedPictures(tx: Tx, productId: number, productImage: string): Promise<ProductPicture[]> {
  const listed = await picturesOf(tx, productId);
  if (listed.length > 0 || productImage === '') return listed;
  await tx.insert(productImages).values({ productId, link: productImage, sort: 0 });
  return picturesOf(tx, productId);
}
