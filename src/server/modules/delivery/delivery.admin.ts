import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { deliverySettings } from '#server/db/schema';
import type { DeliverySettingsInput } from '#shared/schemas/delivery.zod';
import { recordAudit } from '../staff/audit';
import { readTerms, type StoredTerms } from './delivery.terms';

/** What the audit log keeps of the terms: amounts in cents, the area's entries. */
const auditState = (t: StoredTerms) => ({
  area: t.area,
  fee_cents: t.feeCents,
  free_over_cents: t.freeOverCents,
  minimum_cents: t.minimumCents,
  tax_on_fee: t.taxOnFee,
});

/**
 * Saves the shop's delivery terms (the whole set) and records before → after in the audit log, in
 * one transaction. Answers the terms saved.
 */
export async function saveDeliveryTerms(
  deps: { db: Db; clock: Clock },
  input: DeliverySettingsInput,
  staffId: number | null,
): Promise<StoredTerms> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const before = await readTerms(tx);
    const values = {
      areaZips: input.area,
      feeCents: input.fee,
      freeOverCents: input.free_over,
      minimumCents: input.minimum,
      taxOnFee: input.tax_on_fee,
      updatedAt: now,
    };
    await tx
      .insert(deliverySettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: deliverySettings.id, set: values });
    const after = await readTerms(tx);
    await recordAudit(tx, {
      staffId,
      action: 'delivery.update',
      targetType: 'delivery',
      targetId: 'terms',
      before: before.updatedAt ? auditState(before) : null,
      after: auditState(after),
      at: now,
    });
    return after;
  });
}
