import { withShopCodes } from './define-product';
import { dairyEggsTofuProducts } from './products-dairy-eggs-tofu';
import { frozenProducts } from './products-frozen';
import { fruitProducts } from './products-fruit';
import { householdProducts } from './products-household';
import { meatSeafoodProducts } from './products-meat-seafood';
import { riceNoodlesDryGoodsProducts } from './products-rice-noodles-dry-goods';
import { sauceSeasoningProducts } from './products-sauces-seasonings';
import { snackDrinkProducts } from './products-snacks-drinks';
import { vegetableProducts } from './products-vegetables';
import type { SeedProduct } from './types';
import { weighedGoods } from './weighed';

/** Every product of the demo catalogue, aisle by aisle in the order of `categories`, with its codes. */
export const products: SeedProduct[] = withShopCodes(
  [
    ...vegetableProducts,
    ...fruitProducts,
    ...meatSeafoodProducts,
    ...dairyEggsTofuProducts,
    ...riceNoodlesDryGoodsProducts,
    ...sauceSeasoningProducts,
    ...snackDrinkProducts,
    ...frozenProducts,
    ...householdProducts,
  ],
  new Set(Object.keys(weighedGoods)),
);
