import { and, asc, eq, sum } from 'drizzle-orm';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { cartLines, products, users } from '#server/db/schema';
import { Conflict, NotFound } from '#server/errors';
import { CART_MAX_AMOUNT } from '#shared/constants';
import { centsToAmount } from '#shared/money';
import {
  asWhenMissing,
  type CartChange,
  type CartItem,
  type CartKept,
  lineAvailability,
} from '#shared/schemas/cart';
import { lockShopper } from '../account/shopper-lock';
import { runningPromotionPrices } from '../catalogue/pricing';
import { choicesOf } from '../catalogue/substitute-choices';
import { unitPriceFieldsOf } from '../catalogue/unit-price.answer';
import { soldByWeightView } from '../catalogue/weighed-sale';
import { readShopSettings } from '../settings/shop-settings';

type ProductRow = Pick<typeof products.$inferSelect, 'enName' | 'znName' | 'realStock'>;

export function onlyLeft(product: ProductRow): Conflict {
  return new Conflict('errors:cart.onlyLeft', {
    n: product.realStock,
    name_en: product.enName,
    name_zh: product.znName,
  });
}

/** 409: more of the product than one order may hold (ORDER_LINE_MAX). */
export function overLineMax(product: ProductRow, lineMax: number): Conflict {
  return new Conflict('errors:cart.lineMax', {
    max: lineMax,
    name_en: product.enName,
    name_zh: product.znName,
  });
}

/**
 * Refuses raising a line to `next` above the stock or the per-order cap, naming whichever is
 * lower; keeping or lowering a line is always allowed, even when it is above them.
 */
function assertRaiseAllowed(product: ProductRow, current: number, next: number, lineMax: number): void {
  if (next > CART_MAX_AMOUNT) throw new Conflict('errors:cart.amount');
  if (next <= current || next <= Math.min(product.realStock, lineMax)) return;
  throw product.realStock <= lineMax ? onlyLeft(product) : overLineMax(product, lineMax);
}

/** The shopper's cart (docs/architecture.md §5, Cart). Every query is scoped to the shopper's own lines. */
export class CartService {
  constructor(private readonly deps: { db: Db; clock: Clock; lineMax: number }) {}

  /** Total quantity in the cart (the tab bar's badge). */
  async count(userId: number): Promise<number> {
    const [row] = await this.deps.db
      .select({ n: sum(cartLines.amount) })
      .from(cartLines)
      .where(eq(cartLines.userId, userId));
    return Number(row?.n ?? 0);
  }

  async list(userId: number): Promise<CartItem[]> {
    const rows = await this.deps.db
      .select({ line: cartLines, product: products, whenMissing: users.whenMissing })
      .from(cartLines)
      .innerJoin(products, eq(products.id, cartLines.productId))
      .innerJoin(users, eq(users.id, cartLines.userId))
      .where(eq(cartLines.userId, userId))
      .orderBy(asc(cartLines.createdAt), asc(cartLines.id));
    const promo = await runningPromotionPrices(
      this.deps.db,
      rows.map((r) => r.product.id),
      this.deps.clock.now(),
    );
    const { weightUnit } = await readShopSettings(this.deps.db);
    const choices = await choicesOf(
      this.deps.db,
      rows.map(({ line, whenMissing }) => ({ ...line, whenMissing: line.whenMissing ?? whenMissing })),
      this.deps.clock.now(),
    );
    return rows.map(({ line, product, whenMissing }) => {
      const now = lineAvailability({
        amount: line.amount,
        available: product.onSale,
        real_stock: product.realStock,
        max_per_order: this.deps.lineMax,
      });
      return {
        id: line.id,
        uuid: product.uuid,
        amount: line.amount,
        price: centsToAmount(promo.get(product.id) ?? product.priceCents),
        ...unitPriceFieldsOf(product, promo.get(product.id) ?? product.priceCents, weightUnit),
        regular_price: centsToAmount(product.priceCents),
        img: product.productImage,
        en_name: product.enName,
        zn_name: product.znName,
        en_number: product.enNumber,
        zn_number: product.znNumber,
        real_stock: product.realStock,
        max_per_order: this.deps.lineMax,
        available: product.onSale,
        when_missing: asWhenMissing(line.whenMissing ?? whenMissing),
        tax_class: product.taxClass,
        substitution: choices.get(line.id) ?? {
          when_missing: asWhenMissing(line.whenMissing ?? whenMissing),
          substitute: null,
          ask_first: false,
          fallback: false,
        },
        sold_by_weight: soldByWeightView(product),
        can_order: now.can_order,
        stock_state: now.state,
        // A choice about a shortfall: a whole line has none to keep, whatever is stored.
        kept: line.kept && (now.state === 'short' || now.state === 'sold_out'),
      };
    });
  }

  /**
   * Adds `amount` to the product's line, or with `set` makes the line exactly `amount`. The result
   * stays within 0–99999, never above the stock (409 "only N left") nor the per-order cap. The
   * shopper's lock makes parallel adds count each other, even on a line that does not exist yet.
   */
  async change(userId: number, productUuid: string, amount: number, set: boolean): Promise<CartChange> {
    const item = await this.deps.db.transaction(async (tx) => {
      await lockShopper(tx, userId);
      const [product] = await tx.select().from(products).where(eq(products.uuid, productUuid));
      if (!product) throw new NotFound('errors:notFound.product');
      if (!product.onSale)
        throw new Conflict('errors:cart.notForSale', { name_en: product.enName, name_zh: product.znName });
      const [line] = await tx
        .select({ amount: cartLines.amount, kept: cartLines.kept })
        .from(cartLines)
        .where(and(eq(cartLines.userId, userId), eq(cartLines.productId, product.id)));
      const current = line?.amount ?? 0;
      const next = set ? amount : current + amount;
      assertRaiseAllowed(product, current, next, this.deps.lineMax);
      const [saved] = await tx
        .insert(cartLines)
        .values({ userId, productId: product.id, amount: next, createdAt: this.deps.clock.now() })
        // Another amount is another choice: a kept line asks again if it is still short.
        .onConflictDoUpdate({
          target: [cartLines.userId, cartLines.productId],
          set: { amount: next, kept: next === current && (line?.kept ?? false) },
        })
        .returning({ id: cartLines.id });
      return { id: saved?.id ?? 0, uuid: product.uuid, amount: next };
    });
    return { item, count: await this.count(userId) };
  }

  /**
   * Keeps one of the shopper's lines as it is while it is short or sold out ('Keep'), or stops
   * keeping it; stored on the line so it holds across a reload and another device. Someone
   * else's line answers 404 as if it did not exist.
   */
  async keep(userId: number, itemId: number, kept: boolean): Promise<CartKept> {
    const [saved] = await this.deps.db
      .update(cartLines)
      .set({ kept })
      .where(and(eq(cartLines.id, itemId), eq(cartLines.userId, userId)))
      .returning({ id: cartLines.id, kept: cartLines.kept });
    if (!saved) throw new NotFound('errors:cart.lineNotFound');
    return saved;
  }

  /**
   * Removes one of the shopper's lines; someone else's line answers 404 as if it did not exist.
   * Under the shopper's lock, so a parallel add cannot bring the removed amount back.
   */
  async remove(userId: number, itemId: number): Promise<number> {
    await this.deps.db.transaction(async (tx) => {
      await lockShopper(tx, userId);
      const deleted = await tx
        .delete(cartLines)
        .where(and(eq(cartLines.id, itemId), eq(cartLines.userId, userId)))
        .returning({ id: cartLines.id });
      if (deleted.length === 0) throw new NotFound('errors:cart.lineNotFound');
    });
    return this.count(userId);
  }
}
