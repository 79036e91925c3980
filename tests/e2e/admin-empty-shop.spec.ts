import type { Page } from '@playwright/test';
import type { Language } from '#shared/constants';
import { minimumSize } from '#shared/schemas/media.rules';
import type { OrderDetail } from '#shared/schemas/order';
import { photo } from '../helpers/uploads';
import {
  adminText,
  desktopOnly,
  openConsoleAs,
  staffSession,
  emptyShopTest as test,
} from './fixtures/admin-shop-server';
import { expect as base, price, text } from './fixtures/shop';
import { ADDRESS, callApi, signInAs, signUp } from './fixtures/shopper';

/**
 * An owner starts the shop with `SEED=none` and builds it in the console
 * alone — categories, 20 products with photos in both languages (two typed in the editor, eighteen
 * brought in as a CSV file), a banner, a promotion and a coupon — then a shopper finds the goods (by
 * pinyin too), buys them with the coupon and pays by card. The owner works in English, the shopper
 * shops in Chinese, so both languages of every text are used.
 */
desktopOnly();
// One long walk: twenty pictures resized, a password hashed, an order paid.
test.describe.configure({ timeout: 600_000 });
const expect = base.configure({ timeout: 20_000 });
// A step that cannot happen fails in half a minute, not at the walk's end.
test.use({ actionTimeout: 30_000 });

const OWNER: Language = 'en';
const SHOPPER: Language = 'zh';
const t = (key: string, params: Record<string, string | number> = {}) => adminText(OWNER, key, params);
const shopText = (key: string, params: Record<string, string | number> = {}) => text(SHOPPER, key, params);

const CATEGORIES = [
  { en: 'Vegetables', zh: '蔬菜', children: [{ en: 'Leafy greens', zh: '叶菜' }] },
  { en: 'Fruit', zh: '水果', children: [{ en: 'Apples and pears', zh: '苹果梨' }] },
] as const;

interface NewProduct {
  en: string;
  zh: string;
  unit: [string, string];
  price: string;
  category: string;
}

/** Typed in the product editor: the banner's product and the promotion's. */
const TYPED: NewProduct[] = [
  { en: 'Shanghai bok choy', zh: '上海青', unit: ['1 lb', '1磅'], price: '2.49', category: 'Leafy greens' },
  { en: 'Fuji apple', zh: '富士苹果', unit: ['3 ct', '3个'], price: '4.99', category: 'Apples and pears' },
];

/** Brought in by the CSV import, with their stock. */
const IMPORTED: NewProduct[] = [
  ['Water spinach', '空心菜', 'Leafy greens'],
  ['Chinese broccoli', '芥兰', 'Leafy greens'],
  ['Pea shoots', '豆苗', 'Leafy greens'],
  ['Baby spinach', '小菠菜', 'Leafy greens'],
  ['Napa cabbage', '大白菜', 'Leafy greens'],
  ['Garland chrysanthemum', '茼蒿', 'Leafy greens'],
  ['Amaranth greens', '苋菜', 'Leafy greens'],
  ['Yu choy', '油菜心', 'Leafy greens'],
  ['Celtuce', '莴笋', 'Leafy greens'],
  ['Ya pear', '鸭梨', 'Apples and pears'],
  ['Asian pear', '丰水梨', 'Apples and pears'],
  ['Gala apple', '嘎啦苹果', 'Apples and pears'],
  ['Honeycrisp apple', '蜜脆苹果', 'Apples and pears'],
  ['Crown pear', '皇冠梨', 'Apples and pears'],
  ['Fragrant pear', '香梨', 'Apples and pears'],
  ['Granny Smith apple', '青苹果', 'Apples and pears'],
  ['Aksu apple', '阿克苏苹果', 'Apples and pears'],
  ['Snow pear', '雪梨', 'Apples and pears'],
].map(([en, zh, category], i) => ({
  en: en as string,
  zh: zh as string,
  unit: ['1 lb', '1磅'],
  price: (1.99 + i * 0.25).toFixed(2),
  category: category as string,
}));

const CSV_HEADER = 'key,category,en_name,zn_name,en_number,zn_number,price,real_stock,published';
const csvOf = (list: NewProduct[]) =>
  [
    CSV_HEADER,
    ...list.map((p, i) =>
      [`e2e-${i}`, p.category, p.en, p.zh, p.unit[0], p.unit[1], p.price, 40, 'no'].join(','),
    ),
  ].join('\r\n');

/** A picture of a kind's minimum size (or a product photo), as a file the browser's chooser takes. */
async function pictureFile(width: number, height: number, seed: number) {
  return {
    name: `photo-${seed}.png`,
    mimeType: 'image/png',
    buffer: await photo(width, height, seed).png().toBuffer(),
  };
}

/** Uploads through the ImageField labelled `label`; waits for the server's sizes to show. */
async function uploadImage(page: Page, label: string, kind: 'icon' | 'banner', seed: number) {
  const { width, height } = minimumSize(kind);
  const field = page.getByRole('group', { name: label });
  await field.locator('input[type=file]').setInputFiles(await pictureFile(width, height, seed));
  await expect(field.getByRole('img')).toHaveAttribute('src', /\/uploads\/catalogue\/.+\.webp$/, {
    timeout: 60_000,
  });
}

async function openFromNav(page: Page, label: string) {
  await page.getByRole('navigation').getByRole('link', { name: label, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
}

/** On a product's editor page: adds a photo through the picture manager, then publishes. */
async function photographAndPublish(page: Page, seed: number) {
  const panel = page.getByRole('region', { name: t('products.editor.pictures') });
  await panel.getByLabel(t('pictures.manager.add')).setInputFiles(await pictureFile(800, 800, seed));
  await expect(panel.getByRole('status')).toHaveText(t('pictures.manager.uploaded', { count: 1 }), {
    timeout: 60_000,
  });
  await page.getByRole('button', { name: t('products.editor.publish') }).click();
  await expect(page.getByText(t('products.state.published'), { exact: true })).toBeVisible();
}

/** A wall-clock time `hours` from now, as a datetime-local field takes it (a day's margin covers any shop time zone). */
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString().slice(0, 16);

test('an owner builds a shop from an empty database in the console; a shopper finds, buys and pays', async ({
  page,
  request,
  server,
  browser,
}) => {
  // The shop starts empty: nothing to sell, nothing to show.
  expect((await (await request.get('/api/product_category')).json()).data).toEqual([]);
  expect((await (await request.get('/api/index_banners')).json()).data).toEqual([]);

  const owner = await staffSession(request, server, 'owner', 'Olive Owner');
  await openConsoleAs(page, owner, OWNER);
  await page.goto('/admin');
  await openFromNav(page, t('categories.title'));

  // Categories: two at the top, each with one subcategory; every category has its icon.
  const tree = page.getByRole('list', { name: t('categories.treeLabel') });
  for (const [i, top] of CATEGORIES.entries()) {
    await page.getByLabel(t('categories.enName')).first().fill(top.en);
    await page.getByLabel(t('categories.znName')).first().fill(top.zh);
    await uploadImage(page, t('categories.icon'), 'icon', 10 + i);
    await page.getByRole('button', { name: t('categories.create') }).click();
    await expect(tree.getByText(top.en, { exact: true })).toBeVisible();
    for (const child of top.children) {
      await page.getByLabel(t('categories.enName')).first().fill(child.en);
      await page.getByLabel(t('categories.znName')).first().fill(child.zh);
      await page.getByLabel(t('categories.parent')).selectOption({ label: `${top.en} · ${top.zh}` });
      await uploadImage(page, t('categories.icon'), 'icon', 20 + i);
      await page.getByRole('button', { name: t('categories.create') }).click();
      await expect(tree.getByText(child.en, { exact: true })).toBeVisible();
    }
  }

  // Two products typed in the editor, with both languages side by side.
  await openFromNav(page, t('products.title'));
  for (const [i, product] of TYPED.entries()) {
    await page.getByRole('link', { name: t('products.list.new') }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('products.editor.new') })).toBeVisible();
    await page.getByLabel(t('products.fields.nameEn')).fill(product.en);
    await page.getByLabel(t('products.fields.nameZh')).fill(product.zh);
    await page.getByLabel(t('products.fields.unitEn')).fill(product.unit[0]);
    await page.getByLabel(t('products.fields.unitZh')).fill(product.unit[1]);
    await page.getByLabel(t('products.fields.price')).fill(product.price);
    await page.getByLabel(t('products.fields.category')).selectOption({ label: product.category });
    await page.getByRole('button', { name: t('products.editor.save') }).click();
    await expect(page.getByRole('heading', { level: 1, name: product.en })).toBeVisible();
    await photographAndPublish(page, i);
    await page.getByRole('link', { name: t('products.editor.back') }).click();
  }

  // Eighteen more from a CSV file: a dry run first, then the import.
  await openFromNav(page, t('import.title'));
  await page
    .getByLabel(t('import.file.choose'), { exact: true })
    .setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(csvOf(IMPORTED)) });
  await page.getByRole('button', { name: t('import.file.check'), exact: true }).click();
  await expect(page.getByRole('table', { name: t('import.report.changes') })).toBeVisible();
  await page.getByRole('button', { name: t('import.file.import'), exact: true }).click();
  await expect(page.getByText(t('import.done', { created: IMPORTED.length, updated: 0 }))).toBeVisible();

  // Each imported product gets its photo and is published from its editor.
  for (const [i, product] of IMPORTED.entries()) {
    await page.goto(`/admin/products?q=${encodeURIComponent(product.en)}`);
    await page.getByRole('link', { name: product.en, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: product.en })).toBeVisible();
    await photographAndPublish(page, 100 + i);
  }

  // The two typed products have no stock yet: a delivery of each, received on the stock grid.
  await openFromNav(page, t('stock.title'));
  await page.getByLabel(t('stock.filters.filter')).selectOption('out');
  await page.getByRole('button', { name: t('stock.filters.apply') }).click();
  for (const product of TYPED) {
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: product.en, exact: true }) });
    await row.getByLabel(t('stock.grid.receivedOf', { name: product.en })).fill('24');
  }
  await page.getByRole('button', { name: t('stock.grid.save') }).click();
  await expect(page.getByText(t('stock.grid.saved', { count: TYPED.length }))).toBeVisible();

  // A banner for the bok choy, published.
  const bokChoy = TYPED[0] as NewProduct;
  await openFromNav(page, t('home.title'));
  await page.getByRole('button', { name: t('home.newBanner') }).click();
  await page.getByLabel(t('home.findProduct')).fill(bokChoy.en);
  await page
    .getByRole('list', { name: t('home.productResults') })
    .getByRole('button', { name: `${t('home.pick')} ${bokChoy.en}` })
    .click();
  await uploadImage(page, t('home.bannerImage'), 'banner', 200);
  const headline = { en: 'Greens of the week', zh: '本周鲜蔬' };
  await page.getByLabel(t('home.enHeadline')).fill(headline.en);
  await page.getByLabel(t('home.znHeadline')).fill(headline.zh);
  await page.getByLabel(t('home.enCta')).fill('Shop greens');
  await page.getByLabel(t('home.znCta')).fill('去选购');
  await page.getByRole('button', { name: t('home.saveDraft') }).click();
  const bannerRow = page.getByRole('listitem').filter({ hasText: headline.en });
  await bannerRow.getByRole('button', { name: `${t('home.publish')} ${headline.en}` }).click();
  await expect(bannerRow.getByText(t('home.state.showing'))).toBeVisible();

  // The apples on promotion, a dollar off.
  const apple = TYPED[1] as NewProduct;
  const applePromo = (Number(apple.price) - 1).toFixed(2);
  await openFromNav(page, t('promotions.title'));
  await page.getByRole('link', { name: t('promotions.new') }).click();
  await page
    .locator('input[type=file]')
    .setInputFiles(await pictureFile(minimumSize('ad').width, minimumSize('ad').height, 300));
  await expect(page.locator('.promo-preview-ad')).toBeVisible({ timeout: 60_000 });
  await page.getByLabel(t('promotions.fields.enName')).fill('Apple week');
  await page.getByLabel(t('promotions.fields.znName')).fill('苹果周');
  await page.getByLabel(t('promotions.fields.startsAt')).fill(hoursFromNow(-36));
  await page.getByLabel(t('promotions.fields.endsAt')).fill(hoursFromNow(24 * 7));
  await page.getByLabel(t('promotions.pick.label')).fill(apple.en);
  await page.getByRole('button', { name: t('promotions.pick.add', { name: apple.en }) }).click();
  await page.getByLabel(t('promotions.priceOf', { name: apple.en })).fill(applePromo);
  await page.getByRole('button', { name: t('promotions.save') }).click();
  await expect(page.getByRole('status').getByText(t('promotions.saved'))).toBeVisible();
  await expect(page.getByText(t('promotions.state.running'))).toBeVisible();

  // A coupon: two dollars off an order of five or more.
  const code = 'WELCOME2';
  await openFromNav(page, t('coupons.title'));
  await page.getByRole('link', { name: t('coupons.new') }).click();
  await page.getByLabel(t('coupons.fields.code')).fill(code.toLowerCase());
  await page.getByLabel(t('coupons.fields.kind')).selectOption('fixed');
  await page.getByLabel(t('coupons.fields.amount')).fill('2.00');
  await page.getByLabel(t('coupons.fields.minSpend')).fill('5.00');
  await page.getByLabel(t('promotions.fields.startsAt')).fill(hoursFromNow(-36));
  await page.getByLabel(t('promotions.fields.endsAt')).fill(hoursFromNow(24 * 30));
  await page.getByRole('button', { name: t('coupons.save') }).click();
  await expect(page.getByRole('status').getByText(t('coupons.saved'))).toBeVisible();

  // What the shop now sells, as the storefront's API answers it.
  const listing = (await (await request.get('/api/index_product?page=1&page_size=50')).json()).data as {
    total: number;
  };
  expect(listing.total).toBe(TYPED.length + IMPORTED.length);

  // A shopper, in Chinese.
  const shopper = await signUp(server, request);
  const context = await browser.newContext({ baseURL: server.url });
  try {
    const store = await context.newPage();
    await signInAs(store, shopper, SHOPPER);
    await store.goto('/');
    const slide = store.locator('.home-banner a.banner-link').filter({ hasText: headline.zh });
    await expect(slide).toContainText('去选购');

    // The banner leads to the bok choy; it goes in the cart from its page.
    await slide.click();
    await expect(store.getByRole('heading', { level: 1, name: bokChoy.zh })).toBeVisible();
    await store.getByRole('button', { name: shopText('catalogue:product.addToCart') }).click();
    const badge = (count: number) =>
      store.getByRole('link', { name: shopText('cart.badge', { count }), exact: true });
    await expect(badge(1)).toBeVisible();

    // Search by the pinyin of the apples' Chinese name: the card shows the promotion's price.
    await store.goto('/search?q=fushipingguo');
    const card = store.getByRole('article').filter({ hasText: apple.zh });
    await expect(card.getByText(price(Number(applePromo))).first()).toBeVisible();
    await card.getByRole('button', { name: shopText('product.addNamed', { name: apple.zh }) }).click();
    await expect(badge(2)).toBeVisible();

    // The subcategory lists the greens the owner imported.
    const greens = (await (await request.get('/api/product_category')).json()).data as {
      zn_name: string;
      childCategory: { id: number; zn_name: string }[];
    }[];
    const leafy = greens.flatMap((c) => c.childCategory).find((c) => c.zn_name === '叶菜');
    await store.goto(`/category/${leafy?.id}`);
    await expect(store.getByRole('heading', { level: 1, name: '叶菜' })).toBeVisible();
    await expect(store.getByRole('article').filter({ hasText: '空心菜' })).toBeVisible();

    // The cart: a coupon, an address, then the order goes to its pay page.
    await badge(2).click();
    await store.getByLabel(shopText('cart:coupon')).fill(code.toLowerCase());
    await store.getByRole('button', { name: shopText('cart:couponApply') }).click();
    await expect(store.getByText(shopText('cart:couponApplied', { code, amount: '$2.00' }))).toBeVisible();
    await store
      .getByRole('button', { name: shopText('address:add') })
      .first()
      .click();
    const dialog = store.getByRole('dialog');
    for (const [field, value] of Object.entries(ADDRESS)) {
      await dialog.getByLabel(shopText(`address:field.${field}`), { exact: true }).fill(value);
    }
    await dialog.getByRole('button', { name: shopText('address:save') }).click();
    await expect(dialog).toBeHidden();
    await store.getByRole('button', { name: shopText('cart:submit') }).click();
    await expect(store).toHaveURL(/\/pay\/\d+$/);
    const orderNo = new URL(store.url()).pathname.split('/').pop() ?? '';

    // Paid by card.
    const p = (key: string) => shopText(`pay:${key}`);
    await store.getByRole('button', { name: p('payNow') }).click();
    const pay = store.getByRole('dialog');
    await pay.getByRole('button', { name: p('enterCard') }).click();
    await pay.getByLabel(p('card.number')).fill('4111111111111111');
    await pay.getByLabel(p('card.holderName')).fill('Lin Mei');
    await pay.getByLabel(p('card.expiry')).fill('1230');
    await pay.getByLabel(p('card.code')).fill('123');
    await pay.getByRole('button', { name: p('payNow') }).click();
    await expect(store).toHaveURL(new RegExp(`/order/${orderNo}/confirmation$`), { timeout: 30_000 });
    await expect(store.getByRole('heading', { name: shopText('orders:confirmation.paid') })).toBeVisible();

    // The order charged the promotion's price and took the coupon off.
    const order = await callApi<OrderDetail>(request, server, shopper, 'GET', `/api/order/${orderNo}`);
    expect(order.coupon).toBe(code);
    expect(order.discount).toBe(2);
    const lines = Object.fromEntries(order.item.map((line) => [line.zn_name, line.price]));
    expect(lines).toEqual({ [bokChoy.zh]: Number(bokChoy.price), [apple.zh]: Number(applePromo) });
  } finally {
    await context.close();
  }
});
