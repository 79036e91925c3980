import { eq } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client';
import { type orderLines, type packingLines, products } from '#server/db/schema';
import { Conflict, NotFound } from '#server/errors';
import type { ProposalMail } from '#server/mail/outbox';

type LineRecord = typeof orderLines.$inferSelect;
type ProductRecord = typeof products.$inferSelect;

/**
 * Whether `product` may stand in for `of` (docs/product.md, Substitutions): the same category, on
 * sale and with `num` on the shelf. Throws the reason, translated, otherwise.
 */
export async function checkSubstituteProduct(
  db: Db | Tx,
  ofProductId: number,
  product: ProductRecord,
  num: number,
): Promise<void> {
  const [of] = await db
    .select({ categoryId: products.categoryId })
    .from(products)
    .where(eq(products.id, ofProductId));
  if (!of) throw new NotFound('errors:packing.productNotFound');
  if (product.id === ofProductId) throw new Conflict('errors:packing.sameProduct');
  if (of.categoryId === null || product.categoryId !== of.categoryId) {
    throw new Conflict('errors:substitution.otherCategory');
  }
  if (!product.onSale) throw new Conflict('errors:substitution.offSale');
  if (product.realStock < num) throw new Conflict('errors:substitution.outOfStock');
}

/**
 * What a packer may put in place of a missing line, by the shopper's choice: nothing when they
 * chose a refund; their specific substitute, or (only if they allowed it, and it is off the shelf)
 * another of the same category; any of the same category for "best match".
 */
export async function checkSubstitute(tx: Tx, line: LineRecord, product: ProductRecord): Promise<void> {
  if (line.whenMissing !== 'replace') throw new Conflict('errors:packing.noReplacement');
  await checkSubstituteProduct(tx, line.productId, product, line.num);
  if (line.substituteProductId === null || line.substituteProductId === product.id) return;
  const [chosen] = await tx.select().from(products).where(eq(products.id, line.substituteProductId));
  const chosenThere = chosen?.onSale === true && chosen.realStock >= line.num;
  if (chosenThere || !line.substituteFallback) throw new Conflict('errors:packing.notTheChosen');
}

/** The proposal mail's facts. */
export function proposalMail(
  line: LineRecord,
  mark: typeof packingLines.$inferSelect,
  deadline: Date,
): ProposalMail {
  return {
    enName: line.enName,
    znName: line.znName,
    replacementEnName: mark.replacementEnName ?? '',
    replacementZnName: mark.replacementZnName ?? '',
    linePriceCents: line.priceCents,
    priceCents: mark.replacementPriceCents ?? line.priceCents,
    deadline: deadline.toISOString(),
  };
}
