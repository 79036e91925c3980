/** A small hand-made bilingual catalogue for the search tests. */
import type { SearchDocument } from './search.engine';

type Row = [id: number, en: string, zh: string, brand: string, category: string, sold: number];

const BRANDS: Record<string, [string, string]> = {
  lgm: ['Lao Gan Ma', '老干妈'],
  lkk: ['Lee Kum Kee', '李锦记'],
  tro: ['Tropicana', '纯果乐'],
  wf: ['Wanchai Ferry', '湾仔码头'],
};
/** Each category as [child, parent] names, English then Chinese. */
const CATEGORIES: Record<string, [string[], string[]]> = {
  fruit: [
    ['Fruit', 'Produce'],
    ['水果', '生鲜'],
  ],
  leafy: [
    ['Leafy Greens', 'Vegetables'],
    ['叶菜', '蔬菜'],
  ],
  mushroom: [
    ['Mushrooms', 'Vegetables'],
    ['菌菇', '蔬菜'],
  ],
  pepper: [
    ['Peppers', 'Vegetables'],
    ['辣椒', '蔬菜'],
  ],
  root: [
    ['Root', 'Vegetables'],
    ['根茎', '蔬菜'],
  ],
  dumpling: [
    ['Dumplings', 'Frozen'],
    ['饺子', '冷冻食品'],
  ],
  egg: [
    ['Eggs', 'Dairy & Eggs'],
    ['蛋类', '乳品蛋类'],
  ],
  cream: [
    ['Cream', 'Dairy & Eggs'],
    ['奶油', '乳品蛋类'],
  ],
  juice: [
    ['Juice', 'Drinks'],
    ['果汁', '饮料'],
  ],
  tea: [
    ['Tea', 'Drinks'],
    ['茶', '饮料'],
  ],
  sauce: [
    ['Sauces', 'Condiments'],
    ['酱料', '调味品'],
  ],
  pantry: [
    ['Beans & Noodles', 'Pantry'],
    ['豆类面条', '粮油'],
  ],
  snack: [['Snacks'], ['零食']],
  soy: [
    ['Tofu', 'Soy Products'],
    ['豆腐', '豆制品'],
  ],
  apple: [
    ['Apples & Pears', 'Fruit'],
    ['苹果梨类', '水果'],
  ],
};

const ROWS: Row[] = [
  [1, 'Fuji Apple', '红富士苹果', '', 'fruit', 500],
  [2, 'Apple Juice', '苹果汁', 'tro', 'juice', 300],
  [3, 'Apple', '苹果', '', 'fruit', 50],
  [4, 'Pineapple', '菠萝', '', 'fruit', 200],
  [5, 'Blueberry', '蓝莓', '', 'fruit', 120],
  [6, 'Strawberries', '草莓', '', 'fruit', 400],
  [7, 'Enoki Mushroom', '金针菇', '', 'mushroom', 220],
  [8, 'Shiitake Mushrooms', '香菇', '', 'mushroom', 180],
  [9, 'Shanghai Bok Choy', '上海青', '', 'leafy', 260],
  [10, 'Napa Cabbage', '大白菜', '', 'leafy', 150],
  [11, 'Lao Gan Ma Spicy Chili Crisp', '老干妈风味豆豉油辣椒', 'lgm', 'sauce', 700],
  [12, 'Jalapeño', '墨西哥辣椒', '', 'pepper', 40],
  [13, 'Pork Dumplings', '猪肉水饺', 'wf', 'dumpling', 350],
  [14, 'Free-range Eggs', '散养鸡蛋', '', 'egg', 600],
  [15, '100% Orange Juice', '100%橙汁', 'tro', 'juice', 250],
  [16, 'Orange Juice with Pulp', '带果肉橙汁', 'tro', 'juice', 90],
  [17, 'Premium Oyster Sauce', '特级蚝油', 'lkk', 'sauce', 330],
  [18, 'Light Soy Sauce', '生抽', 'lkk', 'sauce', 280],
  [19, 'Hoisin Sauce', '海鲜酱', 'lkk', 'sauce', 60],
  [20, 'Cherry Tomatoes', '圣女果', '', 'root', 170],
  [21, 'Mung Beans', '绿豆', '', 'pantry', 70],
  [22, 'Hand-pulled Noodles', '拉面', '', 'pantry', 110],
  [23, 'Peaches', '水蜜桃', '', 'fruit', 130],
  [24, 'Green Tea', '绿茶', '', 'tea', 95],
  [25, 'Seaweed Snack_Pack', '海苔零食', '', 'snack', 85],
  [26, 'Silken Tofu', '嫩豆腐', '', 'soy', 140],
  [27, 'Potatoes', '土豆', '', 'root', 230],
  [28, 'Brown Eggs', '土鸡蛋', '', 'egg', 80],
  [29, 'Crème Fraîche', '法式酸奶油', '', 'cream', 900],
  [30, 'Red Grapes', '红提葡萄', '', 'fruit', 310],
  [31, 'Mixed Berries', '混合浆果', '', 'fruit', 66],
  [32, 'Chili Oil', '辣椒油', 'lgm', 'sauce', 999],
  // Best sellers whose category ("Apples & Pears") says "apple" but whose names do not.
  [33, 'Ya Pears', '鸭梨', '', 'apple', 1200],
  [34, 'Korla Fragrant Pears', '库尔勒香梨', '', 'apple', 1100],
];

export const DOCS: SearchDocument[] = ROWS.map(([id, en, zh, brand, category, sold]) => {
  const [brandEn, brandZh] = BRANDS[brand] ?? ['', ''];
  const [catEn, catZh] = CATEGORIES[category] ?? [[], []];
  return {
    id,
    en_name: en,
    zn_name: zh,
    brand_en_name: brandEn,
    brand_zn_name: brandZh,
    category_en_name: catEn.join(' '),
    category_zn_name: catZh.join(' '),
    category_names: [...catEn, ...catZh],
    sold_count: sold,
  };
});
