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

type UnitPriceAnswerFields = { [K in keyof typeof UnitPriceFields]: z.infer<(typeof UnitPriceFields)[K]> };

/**
 * The unit-price fields of a catalogue or cart answer (docs/product.md, Price per unit): the net
 * quantity and the price per unit of the price the product sells at now, in the shop's unit. A
 * product sold by weight (`soldBy: 'weight'`) has its price per the shop's unit as it is.
 */
export function unitPriceFieldsOf(
  p: NetQuantities,
  priceCents: number,
  shopUnit: ShopWeightUnit,
  soldBy: 'unit' | 'weight' = 'unit',
): UnitPriceAnswerFields {
  const net = netQuantityOf(p);
  const unit =
    soldBy === 'weight'
      ? unitPriceOf({ soldBy, pricePerWeightUnitCents: priceCents, shopUnit })
      : packUnitPriceOf(p, priceCents, shopUnit);
  return {
    net_quantity: net.quantity,
    net_unit: net.unit,
    unit_price: unit && { amount: centsToAmount(unit.cents), per: unit.per },
  };
}
