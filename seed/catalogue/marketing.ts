import { products } from './products';
import type { SeedBanner, SeedPlate, SeedPromotion } from './types';

/*
 * Home-page marketing. References use keys: a banner of type 1 names a product key, type 2 a
 * "category:<key>" that the seeder turns into "/category/<id>", type 3 a promotion key. Plate tiles
 * link with "category:<key>", "promotion:<key>" or "product:<key>".
 */

const regularPrice = new Map(products.map((product) => [product.key, product.price_cents]));

/** A promotion line at least `percentOff` below the regular price, shelf-tag style (ending in 9 cents). */
function deal(product: string, percentOff: number): SeedPromotion['products'][number] {
  const price = regularPrice.get(product);
  if (price === undefined) throw new Error(`Promotion names an unknown product: ${product}`);
  const target = Math.floor((price * (100 - percentOff)) / 100);
  return { product, promotion_price_cents: Math.floor((target - 9) / 10) * 10 + 9 };
}

export const promotions: SeedPromotion[] = [
  {
    key: 'weekly-fresh-deals',
    en_name: 'Weekly Fresh Deals',
    zn_name: '每周鲜选特惠',
    ad: { families: ['leafy-greens', 'enoki', 'strawberry', 'fish-fillet'], from: '#2e7d32', to: '#c5e1a5' },
    starts_in_days: -2,
    ends_in_days: 12,
    products: [
      deal('shanghai-bok-choy', 25),
      deal('enoki-mushrooms', 20),
      deal('king-oyster-mushrooms', 20),
      deal('napa-cabbage', 25),
      deal('fuji-apples-3-lb', 20),
      deal('strawberries', 25),
      deal('ataulfo-mangoes', 20),
      deal('skin-on-pork-belly', 15),
      deal('ribeye-hot-pot-slices', 15),
      deal('atlantic-salmon-fillet', 20),
      deal('head-on-white-shrimp', 15),
      deal('large-brown-eggs', 20),
      deal('organic-firm-tofu', 30),
    ],
  },
  {
    key: 'lunar-new-year-pantry-sale',
    en_name: 'Lunar New Year Pantry Sale',
    zn_name: '新春囤货节',
    ad: {
      families: ['dumplings', 'rice-bag', 'candy', 'chili-jar', 'orange'],
      from: '#b71c1c',
      to: '#ffca28',
    },
    starts_in_days: -5,
    ends_in_days: 21,
    products: [
      deal('nishiki-medium-grain-rice', 15),
      deal('thai-hom-mali-jasmine-rice', 20),
      deal('lee-kum-kee-premium-soy-sauce', 20),
      deal('lao-gan-ma-spicy-chili-crisp', 20),
      deal('lee-kum-kee-premium-oyster-sauce', 20),
      deal('nongshim-shin-ramyun-4-pack', 25),
      deal('synear-pork-cabbage-dumplings', 25),
      deal('wanchai-ferry-pork-chive-dumplings', 20),
      deal('synear-black-sesame-tangyuan', 25),
      deal('want-want-senbei', 20),
      deal('white-rabbit-creamy-candy', 30),
      deal('wong-lo-kat-herbal-tea-6-pack', 15),
      deal('chacheer-spiced-sunflower-seeds', 30),
    ],
  },
  {
    key: 'mid-autumn-tea-time',
    en_name: 'Mid-Autumn Tea Time',
    zn_name: '中秋茶点节',
    ad: { families: ['tea-box', 'cookies', 'pear', 'orange'], from: '#4e342e', to: '#ffcc80' },
    starts_in_days: -45,
    ends_in_days: -15,
    products: [
      deal('honey-pomelo', 20),
      deal('korean-shingo-pear', 15),
      deal('ten-ren-tieguanyin-oolong', 25),
      deal('nittoh-royal-milk-tea', 20),
      deal('nescafe-gold-instant-coffee', 20),
      deal('trung-nguyen-g7-3-in-1', 15),
      deal('glico-pocky-chocolate', 20),
      deal('orion-choco-pie', 25),
      deal('lotte-koalas-march-chocolate', 20),
      deal('haw-flakes', 20),
      deal('philippine-dried-mangoes', 20),
    ],
  },
];

export const banners: SeedBanner[] = [
  {
    type: 3,
    url: 'lunar-new-year-pantry-sale',
    art: { families: ['dumplings', 'rice-bag', 'candy', 'chili-jar'], from: '#c62828', to: '#f9a825' },
  },
  {
    type: 3,
    url: 'weekly-fresh-deals',
    art: { families: ['leafy-greens', 'apple', 'strawberry', 'enoki'], from: '#2e7d32', to: '#aed581' },
  },
  {
    type: 1,
    url: 'shine-muscat-grapes',
    art: { families: ['grapes', 'lychee', 'mango'], from: '#7cb342', to: '#fff59d' },
  },
  {
    type: 2,
    url: 'category:frozen',
    art: { families: ['dumplings', 'steamed-buns', 'ice-cream', 'popsicle'], from: '#1565c0', to: '#90caf9' },
  },
  {
    type: 1,
    url: 'lao-gan-ma-spicy-chili-crisp',
    art: { families: ['chili-jar', 'noodles', 'dumplings'], from: '#b71c1c', to: '#ff8a65' },
  },
];

export const plates: SeedPlate[] = [
  {
    key: 'shop-by-occasion',
    style: 2,
    en_name: 'Shop by Occasion',
    zn_name: '精选专区',
    items: [
      {
        url: 'promotion:weekly-fresh-deals',
        art: { families: ['leafy-greens', 'tomato', 'carrot'], from: '#388e3c', to: '#dcedc8' },
      },
      {
        url: 'category:sauces-seasonings',
        art: { families: ['sauce-bottle', 'chili-jar', 'spice-pouch'], from: '#5d4037', to: '#ffccbc' },
      },
      {
        url: 'category:rice-noodles-dry-goods',
        art: { families: ['instant-noodles', 'rice-bag', 'noodles'], from: '#f57f17', to: '#fff9c4' },
      },
      {
        url: 'product:din-tai-fung-pork-xiao-long-bao',
        art: { families: ['dumplings', 'steamed-buns'], from: '#455a64', to: '#eceff1' },
      },
    ],
  },
  {
    key: 'fresh-vegetables-best-sellers',
    style: 1,
    en_name: 'Fresh Picks',
    zn_name: '新鲜好菜',
    category: 'vegetables',
  },
  {
    key: 'snack-favourites',
    style: 1,
    en_name: 'Snack Favourites',
    zn_name: '人气零食',
    category: 'snacks-drinks',
  },
  {
    key: 'freezer-essentials',
    style: 1,
    en_name: 'Freezer Essentials',
    zn_name: '冷冻必备',
    category: 'frozen',
  },
];
