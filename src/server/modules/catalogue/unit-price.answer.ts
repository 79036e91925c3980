import type { z } from 'zod';
import { centsToAmount } from '#shared/money';
import type { UnitPriceFields } from '#shared/schemas/catalogue';
import {
  type NetQuantities,
  netQuantityOf,
  packUnitPriceOf,
  type ShopWeightUnit,
  unitPriceOf,
} from '#shared/unit-price';
import { lineUnitPriceOf } from '#shared/weight';
import { type SaleFields, weighedSaleOf } from './weighed-sale';

type UnitPriceAnswerFields = { [K in keyof typeof UnitPriceFields]: z.infer<(typeof UnitPriceFields)[K]> };

/**
 * The unit-price fields of a catalogue or cart answer (docs/product.md, Price per unit): the net
 * quantity and the price per unit of the price the product sells at now. A pack's is in the shop's
 * unit; a product sold by weight keeps the unit it is priced in (docs/decisions/027), at the rate
 * a running promotion gives its step (src/shared/weight.ts, lineUnitPriceOf).
 */
export function unitPriceFieldsOf(
  p: NetQuantities & SaleFields,
  priceCents: number,
  shopUnit: ShopWeightUnit,
): UnitPriceAnswerFields {
  const net = netQuantityOf(p);
  const sale = weighedSaleOf(p);
  const unit = sale
    ? unitPriceOf({
        soldBy: 'weight',
        pricePerWeightUnitCents: lineUnitPriceOf(sale, priceCents),
        shopUnit: sale.unit,
      })
    : packUnitPriceOf(p, priceCents, shopUnit);
  return {
    net_quantity: net.quantity,
    net_unit: net.unit,
    unit_price: unit && { amount: centsToAmount(unit.cents), per: unit.per },
  };
}
