import { eq } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client';
import { shopSettings } from '#server/db/schema';

export type WeightUnit = 'lb' | 'kg';

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
