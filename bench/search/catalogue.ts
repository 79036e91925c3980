/**
 * A deterministic synthetic bilingual grocery catalogue for the search benchmark: names are built
 * from realistic word lists so Chinese one- and two-character terms hit as often as in a real shop.
 */

import type { SearchDocument } from '#server/modules/search/search.engine';
import { prng } from '../../seed/prng';

export { prng };

type Pair = readonly [en: string, zh: string];

/** child category and its parent: [child en, child zh, parent en, parent zh] */
export const CATEGORIES: Record<string, readonly [string, string, string, string]> = {
  fruit: ['Fresh Fruit', '新鲜水果', 'Produce', '生鲜果蔬'],
  leafy: ['Leafy Greens', '叶菜', 'Vegetables', '蔬菜'],
  root: ['Root Vegetables', '根茎类', 'Vegetables', '蔬菜'],
  mushroom: ['Mushrooms', '菌菇', 'Vegetables', '蔬菜'],
  meat: ['Pork & Beef', '猪牛肉', 'Meat & Seafood', '肉禽水产'],
  seafood: ['Fish & Shellfish', '鱼虾贝类', 'Meat & Seafood', '肉禽水产'],
  dairy: ['Milk & Yogurt', '牛奶酸奶', 'Dairy & Eggs', '乳品蛋类'],
  egg: ['Eggs', '蛋类', 'Dairy & Eggs', '乳品蛋类'],
  frozen: ['Dumplings & Buns', '水饺包子', 'Frozen', '冷冻食品'],
  sauce: ['Sauces', '酱料', 'Condiments', '调味品'],
  noodle: ['Rice & Noodles', '米面', 'Pantry', '粮油副食'],
  snack: ['Snacks', '零食', 'Snacks & Drinks', '休闲食品'],
  drink: ['Juice & Tea', '果汁茶饮', 'Snacks & Drinks', '休闲食品'],
  tofu: ['Tofu', '豆腐', 'Soy Products', '豆制品'],
};

/** [en, zh, category] */
export const PRODUCE: readonly (readonly [string, string, string])[] = [
  ['Fuji Apple', '红富士苹果', 'fruit'],
  ['Gala Apple', '嘎啦苹果', 'fruit'],
  ['Green Apple', '青苹果', 'fruit'],
  ['Banana', '香蕉', 'fruit'],
  ['Mango', '芒果', 'fruit'],
  ['Pineapple', '菠萝', 'fruit'],
  ['Strawberries', '草莓', 'fruit'],
  ['Blueberries', '蓝莓', 'fruit'],
  ['Red Grapes', '红提', 'fruit'],
  ['Watermelon', '西瓜', 'fruit'],
  ['Peaches', '水蜜桃', 'fruit'],
  ['Pear', '雪梨', 'fruit'],
  ['Orange', '橙子', 'fruit'],
  ['Mandarin', '砂糖橘', 'fruit'],
  ['Lychee', '荔枝', 'fruit'],
  ['Longan', '龙眼', 'fruit'],
  ['Kiwi', '猕猴桃', 'fruit'],
  ['Dragon Fruit', '火龙果', 'fruit'],
  ['Cherries', '车厘子', 'fruit'],
  ['Durian', '榴莲', 'fruit'],
  ['Pomelo', '柚子', 'fruit'],
  ['Bok Choy', '小白菜', 'leafy'],
  ['Shanghai Bok Choy', '上海青', 'leafy'],
  ['Napa Cabbage', '大白菜', 'leafy'],
  ['Spinach', '菠菜', 'leafy'],
  ['Chinese Broccoli', '芥兰', 'leafy'],
  ['Lettuce', '生菜', 'leafy'],
  ['Celery', '芹菜', 'leafy'],
  ['Water Spinach', '空心菜', 'leafy'],
  ['Pea Shoots', '豆苗', 'leafy'],
  ['Potatoes', '土豆', 'root'],
  ['Sweet Potato', '红薯', 'root'],
  ['Carrots', '胡萝卜', 'root'],
  ['Daikon Radish', '白萝卜', 'root'],
  ['Lotus Root', '莲藕', 'root'],
  ['Ginger', '生姜', 'root'],
  ['Garlic', '大蒜', 'root'],
  ['Taro', '芋头', 'root'],
  ['Yam', '山药', 'root'],
  ['Onions', '洋葱', 'root'],
  ['Enoki Mushroom', '金针菇', 'mushroom'],
  ['Shiitake Mushrooms', '香菇', 'mushroom'],
  ['King Oyster Mushroom', '杏鲍菇', 'mushroom'],
  ['Wood Ear Fungus', '黑木耳', 'mushroom'],
  ['Pork Belly', '五花肉', 'meat'],
  ['Pork Ribs', '猪排骨', 'meat'],
  ['Beef Brisket', '牛腩', 'meat'],
  ['Ground Pork', '猪肉馅', 'meat'],
  ['Lamb Slices', '羊肉片', 'meat'],
  ['Chicken Wings', '鸡翅', 'meat'],
  ['Shrimp', '虾仁', 'seafood'],
  ['Sea Bass', '鲈鱼', 'seafood'],
  ['Salmon Fillet', '三文鱼', 'seafood'],
  ['Clams', '花蛤', 'seafood'],
  ['Squid', '鱿鱼', 'seafood'],
  ['Crab', '大闸蟹', 'seafood'],
  ['Whole Milk', '全脂牛奶', 'dairy'],
  ['Yogurt', '酸奶', 'dairy'],
  ['Soy Milk', '豆浆', 'dairy'],
  ['Free-range Eggs', '散养鸡蛋', 'egg'],
  ['Duck Eggs', '鸭蛋', 'egg'],
  ['Salted Eggs', '咸鸭蛋', 'egg'],
  ['Pork Dumplings', '猪肉水饺', 'frozen'],
  ['Shrimp Wontons', '鲜虾馄饨', 'frozen'],
  ['Pork Buns', '肉包', 'frozen'],
  ['Sesame Balls', '芝麻汤圆', 'frozen'],
  ['Scallion Pancakes', '葱油饼', 'frozen'],
  ['Spicy Chili Crisp', '风味豆豉油辣椒', 'sauce'],
  ['Oyster Sauce', '蚝油', 'sauce'],
  ['Light Soy Sauce', '生抽', 'sauce'],
  ['Dark Soy Sauce', '老抽', 'sauce'],
  ['Black Vinegar', '香醋', 'sauce'],
  ['Hoisin Sauce', '海鲜酱', 'sauce'],
  ['Chili Bean Paste', '豆瓣酱', 'sauce'],
  ['Sesame Oil', '芝麻香油', 'sauce'],
  ['Jasmine Rice', '茉莉香米', 'noodle'],
  ['Hand-pulled Noodles', '拉面', 'noodle'],
  ['Rice Noodles', '米粉', 'noodle'],
  ['Glass Noodles', '粉丝', 'noodle'],
  ['Mung Beans', '绿豆', 'noodle'],
  ['Red Beans', '红豆', 'noodle'],
  ['Seaweed Snack', '海苔', 'snack'],
  ['Rice Crackers', '米饼', 'snack'],
  ['Dried Mango', '芒果干', 'snack'],
  ['Sunflower Seeds', '瓜子', 'snack'],
  ['Beef Jerky', '牛肉干', 'snack'],
  ['Egg Rolls', '蛋卷', 'snack'],
  ['Orange Juice', '橙汁', 'drink'],
  ['Apple Juice', '苹果汁', 'drink'],
  ['Green Tea', '绿茶', 'drink'],
  ['Oolong Tea', '乌龙茶', 'drink'],
  ['Coconut Water', '椰子水', 'drink'],
  ['Plum Juice', '酸梅汤', 'drink'],
  ['Firm Tofu', '老豆腐', 'tofu'],
  ['Silken Tofu', '嫩豆腐', 'tofu'],
  ['Dried Tofu', '豆腐干', 'tofu'],
  ['Tofu Skin', '豆腐皮', 'tofu'],
];

export const ADJECTIVES: readonly Pair[] = [
  ['Organic', '有机'],
  ['Fresh', '新鲜'],
  ['Frozen', '冷冻'],
  ['Premium', '特级'],
  ['Imported', '进口'],
  ['Local', '本地'],
  ['Seasonal', '时令'],
  ['Sweet', '香甜'],
  ['Spicy', '香辣'],
  ['Crispy', '香脆'],
  ['Baby', '迷你'],
  ['Jumbo', '大个'],
  ['Wild', '野生'],
  ['Hand-picked', '精选'],
  ['Farm', '农家'],
  ['Low-sugar', '低糖'],
  ['Classic', '经典'],
  ['Family', '家庭'],
  ['Lightly Salted', '淡盐'],
  ['Smoked', '烟熏'],
];

export const ORIGINS: readonly Pair[] = [
  ['Yunnan', '云南'],
  ['Sichuan', '四川'],
  ['Shandong', '山东'],
  ['Hainan', '海南'],
  ['Xinjiang', '新疆'],
  ['Taiwan', '台湾'],
  ['Thai', '泰国'],
  ['Japanese', '日本'],
  ['Korean', '韩国'],
  ['New Zealand', '新西兰'],
  ['Chilean', '智利'],
  ['Australian', '澳洲'],
  ['Californian', '加州'],
  ['Northeast', '东北'],
  ['Fujian', '福建'],
];

export const BRANDS: readonly Pair[] = [
  ['Lao Gan Ma', '老干妈'],
  ['Lee Kum Kee', '李锦记'],
  ['Wanchai Ferry', '湾仔码头'],
  ['Haitian', '海天'],
  ['Master Kong', '康师傅'],
  ['Uni-President', '统一'],
  ['Want Want', '旺旺'],
  ['Three Squirrels', '三只松鼠'],
  ['Mengniu', '蒙牛'],
  ['Yili', '伊利'],
  ['Bright Dairy', '光明'],
  ['Nongfu Spring', '农夫山泉'],
  ['Wei Chuan', '味全'],
  ['Synear', '思念'],
  ['Sanquan', '三全'],
  ['Pearl River Bridge', '珠江桥牌'],
  ['Koon Chun', '冠珍'],
  ['Kikkoman', '龟甲万'],
  ['Dole', '都乐'],
  ['Zespri', '佳沛'],
  ['Driscoll', '怡颗莓'],
  ['Golden Dragon', '金龙鱼'],
  ['Shuanghui', '双汇'],
  ['Wu Fang Zhai', '五芳斋'],
  ['Jia Duo Bao', '加多宝'],
];

export const FORMS: readonly Pair[] = [
  ['', ''],
  ['', ''],
  ['', ''],
  ['Slices', '片'],
  ['Gift Box', '礼盒'],
  ['Family Pack', '家庭装'],
  ['Value Pack', '实惠装'],
  ['Cubes', '丁'],
  ['Bundle', '组合装'],
  ['Twin Pack', '双拼'],
];

export const SIZES: readonly string[] = [
  '250g',
  '300g',
  '400g',
  '500g',
  '1kg',
  '2kg',
  '6pcs',
  '10pcs',
  '12pcs',
  '1L',
];

function pick<T>(rnd: () => number, list: readonly T[]): T {
  return list[Math.floor(rnd() * list.length)] as T;
}

function join(words: readonly string[], sep: string): string {
  return words.filter((w) => w !== '').join(sep);
}

export function generateCatalogue(size: number, seed = 20240601): SearchDocument[] {
  const rnd = prng(seed);
  const docs: SearchDocument[] = [];
  for (let id = 1; id <= size; id++) {
    const [en, zh, cat] = pick(rnd, PRODUCE);
    const adj = rnd() < 0.6 ? pick(rnd, ADJECTIVES) : (['', ''] as const);
    const origin = rnd() < 0.5 ? pick(rnd, ORIGINS) : (['', ''] as const);
    const form = pick(rnd, FORMS);
    const brand = rnd() < 0.6 ? pick(rnd, BRANDS) : (['', ''] as const);
    const sizeLabel = pick(rnd, SIZES);
    const [childEn, childZh, parentEn, parentZh] = CATEGORIES[cat] ?? ['', '', '', ''];
    // Chinese titles run words together about half the time, as shop titles do.
    const zhSep = rnd() < 0.5 ? '' : ' ';
    docs.push({
      id,
      en_name: join([brand[0], adj[0], origin[0], en, form[0], sizeLabel], ' '),
      zn_name: join([brand[1], join([origin[1], adj[1], zh, form[1]], zhSep), sizeLabel], ' '),
      brand_en_name: brand[0],
      brand_zn_name: brand[1],
      category_en_name: `${childEn} ${parentEn}`,
      category_zn_name: `${childZh} ${parentZh}`,
      sold_count: Math.floor(rnd() ** 3 * 5000),
    });
  }
  return docs;
}
