import { and, asc, eq, inArray, sum } from 'drizzle-orm';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { cartLines, orderLines, orders, products } from '#server/db/schema';
import { NotFound } from '#server/errors';
import { CART_MAX_AMOUNT } from '#shared/constants';
import { centsToAmount } from '#shared/money';
import type { BuyAgainAnswer } from '#shared/schemas/order';
import { lockShopper } from '../account/shopper-lock';
import { runningPromotionPrices } from '../catalogue/pricing';

type Product = typeof products.$inferSelect;

/** Whether a product can go in a cart now: for sale, not archived, and in stock. */
function unavailableReason(product: Product): 'not_for_sale' | 'out_of_stock' | undefined {
  if (!product.onSale || product.archivedAt !== null) return 'not_for_sale';
  if (product.realStock <= 0) return 'out_of_stock';
  return undefined;
}

/** "Buy it again" (docs/product.md §6): an order's products back in the shopper's cart. */
export class BuyAgain {
  constructor(private readonly deps: { db: Db; clock: Clock; lineMax: number }) {}

  /**
   * Adds the products of one of the shopper's orders to their cart, each as many as ordered on
   * top of what the cart holds, capped by the stock and the per-order cap (the cart's own rules);
   * products off sale, archived or out of stock are left out and reported. Someone else's order
   * answers 404 as if it did not exist. In one transaction under the shopper's lock, so it counts
   * with the shopper's parallel cart changes; bounded by the order's line count.
   */
  async addToCart(userId: number, orderNo: string): Promise<BuyAgainAnswer> {
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      await lockShopper(tx, userId);
      const [order] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.orderNo, orderNo), eq(orders.userId, userId)));
      if (!order) throw new NotFound('errors:order.notFound');
      const ordered = await tx
        .select({ productId: orderLines.productId, num: sum(orderLines.num).mapWith(Number) })
        .from(orderLines)
        .where(eq(orderLines.orderId, order.id))
        .groupBy(orderLines.productId)
        .orderBy(asc(orderLines.productId));
      const ids = ordered.map((o) => o.productId);
      const found = ids.length === 0 ? [] : await tx.select().from(products).where(inArray(products.id, ids));
      const inCart = new Map(
        (ids.length === 0
          ? []
          : await tx
              .select({ productId: cartLines.productId, amount: cartLines.amount })
              .from(cartLines)
              .where(and(eq(cartLines.userId, userId), inArray(cartLines.productId, ids)))
        ).map((c) => [c.productId, c.amount]),
      );
      const promo = await runningPromotionPrices(tx, ids, now);
      const byId = new Map(found.map((p) => [p.id, p]));
      const answer: BuyAgainAnswer = { added: [], unavailable: [], count: 0 };
      for (const { productId, num } of ordered) {
        const product = byId.get(productId);
        if (!product) continue;
        const names = { uuid: product.uuid, en_name: product.enName, zn_name: product.znName };
        const reason = unavailableReason(product);
        if (reason) {
          answer.unavailable.push({ ...names, reason });
          continue;
        }
        const current = inCart.get(productId) ?? 0;
        const cap = Math.min(product.realStock, this.deps.lineMax, CART_MAX_AMOUNT);
        // Never lowers a line the shopper already holds above the cap.
        const amount = Math.max(current, Math.min(current + num, cap));
        await tx
          .insert(cartLines)
          .values({ userId, productId, amount, createdAt: now })
          .onConflictDoUpdate({ target: [cartLines.userId, cartLines.productId], set: { amount } });
        answer.added.push({
          ...names,
          price: centsToAmount(promo.get(productId) ?? product.priceCents),
          ordered: num,
          amount,
          capped: amount < current + num,
          by_stock: product.realStock <= Math.min(this.deps.lineMax, CART_MAX_AMOUNT),
        });
      }
      const [total] = await tx
        .select({ n: sum(cartLines.amount).mapWith(Number) })
        .from(cartLines)
        .where(eq(cartLines.userId, userId));
      answer.count = total?.n ?? 0;
      return answer;
    });
  }
}
