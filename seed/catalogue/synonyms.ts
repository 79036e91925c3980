/**
 * The demo catalogue's synonym list (search_synonyms): the names shoppers use for the same thing
 * in English and Chinese. A search for any term of a group also finds what each other term finds;
 * the owner edits the list in the console's Searches page, beside the aliases.
 */
export const synonyms: readonly (readonly string[])[] = [
  [
    'bok choy',
    'pak choi',
    'pak choy',
    'bok choi',
    '青菜',
    '油菜',
    '小白菜',
    '青江菜',
    '上海青',
    '奶白菜',
    '小棠菜',
  ],
  ['dumpling', 'jiaozi', 'mandu', 'gyoza', 'potsticker', '饺子', '水饺', '煎饺', '锅贴'],
  ['wonton', 'wanton', '馄饨', '云吞', '抄手'],
  ['scallion', 'green onion', 'spring onion', '葱', '香葱', '小葱'],
  ['cilantro', 'coriander', '香菜', '芫荽'],
  ['eggplant', 'aubergine', '茄子'],
  ['shrimp', 'prawn', '虾'],
  ['napa cabbage', 'chinese cabbage', '大白菜', '黄芽白', '绍菜'],
  ['soy sauce', '酱油', '豉油'],
  ['sweet potato', 'yam', '红薯', '地瓜', '番薯'],
  ['potato', '土豆', '马铃薯'],
  ['tomato', '番茄', '西红柿'],
  ['chinese broccoli', 'gai lan', 'kai lan', '芥兰', '芥蓝'],
  ['water spinach', 'ong choy', 'morning glory', '空心菜', '通菜', '蕹菜'],
  ['cherry', '车厘子', '樱桃'],
  ['kiwi', 'kiwifruit', '奇异果', '猕猴桃'],
  ['ice cream', '冰淇淋', '冰激凌', '雪糕'],
  ['tofu', 'bean curd', '豆腐'],
  ['rice noodles', 'rice sticks', '米粉', '河粉', '米线'],
  ['instant noodles', 'ramen', 'ramyun', '方便面', '泡面'],
  ['glutinous rice', 'sticky rice', '糯米', '江米'],
  ['msg', 'monosodium glutamate', '味精'],
  ['sichuan peppercorn', 'szechuan peppercorn', '花椒'],
  ['mandarin', 'clementine', 'tangerine', '橘子', '桔子', '柑橘'],
];
