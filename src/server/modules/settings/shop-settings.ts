import { eq } from 'drizzle-orm';
import type { Changed } from '#server/audit';
import type { Db, Tx } from '#server/db/client';
import { shopSettings } from '#server/db/schema';
import type { ShopSettingsAnswer, ShopSettingsInput } from '#shared/schemas/admin/settings.zod';
import type { WeightUnit } from '#shared/weight';

export type { WeightUnit } from '#shared/weight';

/** The grocery settings as the server uses them (docs/product.md, Sold by weight). */
export interface ShopSettings {
  weightUnit: WeightUnit;
  /** A weighed order's card is authorized for its estimate plus this percent. */
  holdBufferPercent: number;
  /** How long a shopper asked about a substitute has to answer before the line's choice applies. */
  substitutionAnswerMinutes: number;
  updatedAt: Date | null;
}

/** A shop that saved nothing. */
export const DEFAULT_SHOP_SETTINGS: ShopSettings = {
  weightUnit: 'lb',
  holdBufferPercent: 10,
  substitutionAnswerMinutes: 30,
  updatedAt: null,
};

/** The settings row, read by primary key; the defaults when the owner saved none. */
export async function readShopSettings(tx: Db | Tx): Promise<ShopSettings> {
  const [row] = await tx.select().from(shopSettings).where(eq(shopSettings.id, 1));
  if (!row) return DEFAULT_SHOP_SETTINGS;
  return {
    weightUnit: row.weightUnit === 'kg' ? 'kg' : 'lb',
    holdBufferPercent: row.holdBufferPercent,
    substitutionAnswerMinutes: row.substitutionAnswerMinutes,
    updatedAt: row.updatedAt,
  };
}

/** The console's view of the settings (`GET /api/admin/settings`). */
export function shopSettingsView(s: ShopSettings): ShopSettingsAnswer {
  return {
    weight_unit: s.weightUnit,
    hold_buffer_percent: s.holdBufferPercent,
    substitution_answer_minutes: s.substitutionAnswerMinutes,
    updated_at: s.updatedAt?.toISOString() ?? null,
  };
}

const auditState = (s: ShopSettings) => {
  const { updated_at: _at, ...rest } = shopSettingsView(s);
  return rest;
};

/**
 * Saves the owner's settings into the one row (inserted the first time), in the caller's
 * transaction; answers them as stored and the audit line (before: null while none were saved).
 * Switching the weight unit changes no product's price (docs/decisions/027-weighed-prices-keep-their-unit.md).
 */
export async function saveShopSettings(
  tx: Tx,
  input: ShopSettingsInput,
  now: Date,
): Promise<Changed<ShopSettings>> {
  const before = await readShopSettings(tx);
  const values = {
    weightUnit: input.weight_unit,
    holdBufferPercent: input.hold_buffer_percent,
    substitutionAnswerMinutes: input.substitution_answer_minutes,
    updatedAt: now,
  };
  await tx
    .insert(shopSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: shopSettings.id, set: values });
  const after = await readShopSettings(tx);
  return {
    result: after,
    audit: {
      action: 'settings.update',
      targetType: 'settings',
      targetId: 'shop',
      before: before.updatedAt ? auditState(before) : null,
      after: auditState(after),
    },
  };
}
