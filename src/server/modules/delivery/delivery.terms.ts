import { eq } from 'drizzle-orm';
import type { Changed } from '#server/audit';
import type { Clock } from '#server/clock';
import type { Db, Tx } from '#server/db/client';
import { deliverySettings } from '#server/db/schema';
import { centsToAmount, type DeliveryCharges } from '#shared/money';
import type { DeliverySettings, DeliverySettingsInput, DeliveryTerms } from '#shared/schemas/delivery.zod';

/** The shop's delivery terms as the server uses them; every amount in cents, 0 when off. */
export interface StoredTerms extends DeliveryCharges {
  /** ZIP codes or prefixes; empty: the shop delivers anywhere. */
  area: string[];
  minimumCents: number;
  updatedAt: Date | null;
}

/** A shop that set nothing: the spec's behaviour (no area, no fee, no minimum). */
export const NO_TERMS: StoredTerms = {
  area: [],
  feeCents: 0,
  freeOverCents: 0,
  minimumCents: 0,
  taxOnFee: false,
  updatedAt: null,
};

/** The terms row, read by primary key (one row at most); the defaults when the owner saved none. */
export async function readTerms(tx: Db | Tx): Promise<StoredTerms> {
  const [row] = await tx.select().from(deliverySettings).where(eq(deliverySettings.id, 1));
  if (!row) return NO_TERMS;
  return {
    area: row.areaZips,
    feeCents: row.feeCents,
    freeOverCents: row.freeOverCents,
    minimumCents: row.minimumCents,
    taxOnFee: row.taxOnFee,
    updatedAt: row.updatedAt,
  };
}

/** What the audit log keeps of the terms: amounts in cents, the area's entries. */
const auditState = (t: StoredTerms) => ({
  area: t.area,
  fee_cents: t.feeCents,
  free_over_cents: t.freeOverCents,
  minimum_cents: t.minimumCents,
  tax_on_fee: t.taxOnFee,
});

/**
 * Saves the shop's delivery terms (the whole set) and reports before → after for the audit log.
 * Answers the terms saved; the caller forgets its cached copy once this commits.
 */
export async function saveDeliveryTerms(
  tx: Tx,
  input: DeliverySettingsInput,
  now: Date,
): Promise<Changed<StoredTerms>> {
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
  return {
    result: after,
    audit: {
      action: 'delivery.update',
      targetType: 'delivery',
      targetId: 'terms',
      before: before.updatedAt ? auditState(before) : null,
      after: auditState(after),
    },
  };
}

/** What the storefront is told (`GET /api/delivery`): not the area's entries, only whether one is set. */
export function publicTerms(t: StoredTerms): DeliveryTerms {
  return {
    fee: centsToAmount(t.feeCents),
    free_over: centsToAmount(t.freeOverCents),
    minimum: centsToAmount(t.minimumCents),
    tax_on_fee: t.taxOnFee,
    has_area: t.area.length > 0,
  };
}

/** The console's view: the public terms and the area's entries. */
export function settingsView(t: StoredTerms): DeliverySettings {
  return { ...publicTerms(t), area: t.area, updated_at: t.updatedAt?.toISOString() ?? null };
}

/**
 * The terms kept in memory for the storefront's reads (the cart, the ZIP box): re-read when this
 * process changed them, and otherwise at most every `maxAgeMs`, so a change made by another
 * process shows within the catalogue's poll time. Placing an order reads the row itself, in its
 * transaction, so the figure charged is always the current one.
 */
export class DeliveryTermsCache {
  private cached: { terms: StoredTerms; at: number } | undefined;
  private loading: Promise<StoredTerms> | undefined;
  /** Bumped by each change, so a read that started before it is not kept. */
  private generation = 0;

  constructor(private readonly deps: { db: Db; clock: Clock; maxAgeMs: number }) {}

  async current(): Promise<StoredTerms> {
    const now = this.deps.clock.now().getTime();
    if (this.cached && now - this.cached.at < this.deps.maxAgeMs) return this.cached.terms;
    // One read at a time, however many requests find the cache stale together.
    if (this.loading) return this.loading;
    const generation = this.generation;
    const loading = readTerms(this.deps.db)
      .then((terms) => {
        if (generation === this.generation) this.cached = { terms, at: now };
        return terms;
      })
      .finally(() => {
        if (this.loading === loading) this.loading = undefined;
      });
    this.loading = loading;
    return loading;
  }

  /** Forgets the terms after this process changed them. */
  invalidate(): void {
    this.generation++;
    this.cached = undefined;
    this.loading = undefined;
  }
}
