import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categories, products } from '#server/db/schema';
import { fromShopWallTime, shopWallTime } from '#server/shop-time';
import { CategoryCreated, CategoryTree } from '#shared/schemas/admin/categories.zod';
import { AdminBanners, AdminPlates, BannerCreated, PlateCreated } from '#shared/schemas/admin/home.zod';
import type { Banner, Category, Plate } from '#shared/schemas/catalogue';
import en from '../../../../public/locales/en/errors.json' with { type: 'json' };
import zh from '../../../../public/locales/zh/errors.json' with { type: 'json' };
import { ROUTE_RULES } from '../../../../tests/api/security/route-table';
import { expectAnswer } from '../../../../tests/helpers/answers';
import { createShopper } from '../../../../tests/helpers/shoppers';
import { createStaff, type TestStaff } from '../../../../tests/helpers/staff';
import { startTestApp, type TestApp } from '../../../../tests/helpers/test-app';

/**
 * The console's categories, banners and plates for every role, and what
 * shoppers see of them: the two-level rule, deleting refused while products use a category, new
 * banners and plates hidden until published, a banner's schedule on an injected clock.
 */
let t: TestApp;
let owner: TestStaff;
let manager: TestStaff;
let packer: TestStaff;
beforeAll(async () => {
  t = await startTestApp();
  owner = await createStaff(t.database, t.clock.now(), { role: 'owner' });
  manager = await createStaff(t.database, t.clock.now(), { role: 'manager' });
  packer = await createStaff(t.database, t.clock.now(), { role: 'packer' });
});
afterAll(async () => t?.close());

type Method = 'GET' | 'POST' | 'DELETE';

async function call(
  who: TestStaff | string | undefined,
  method: Method,
  url: string,
  payload?: Record<string, unknown>,
  language = 'en',
) {
  const token = typeof who === 'string' ? who : who ? `Bearer ${who.token}` : undefined;
  const res = await t.app.inject({
    method,
    url,
    headers: { 'accept-language': language, ...(token ? { authorization: token } : {}) },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

const shop = async <T>(url: string): Promise<T> => (await call(undefined, 'GET', url)).body.data as T;
const ICON = '/media/categories/tea-96.webp';

interface AdminCategory {
  id: number;
  parent_id: number | null;
  en_name: string;
  product_count: number;
  children: AdminCategory[];
}
const tree = async (): Promise<AdminCategory[]> =>
  expectAnswer(CategoryTree, await call(owner, 'GET', '/api/admin/categories')).categories;

async function newCategory(name: string, parentId?: number): Promise<number> {
  const res = await call(owner, 'POST', '/api/admin/categories', {
    en_name: name,
    zn_name: `${name}类`,
    icon: ICON,
    ...(parentId ? { parent_id: parentId } : {}),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return expectAnswer(CategoryCreated, res).id;
}

const HOME_ROUTES = Object.keys(ROUTE_RULES).filter((key) =>
  /\/api\/admin\/(categories|banners|plates)/.test(key),
);

describe('the console’s category, banner and plate routes by role', () => {
  it('refuse a visitor and a shopper’s token (401) and a packer (403), in the caller’s language', async () => {
    expect(HOME_ROUTES).toHaveLength(17);
    const shopper = await createShopper(t.database, t.clock.now());
    for (const key of HOME_ROUTES) {
      const [method, path] = key.split(' ') as [Method, string];
      const url = path.replace(':id', '1');
      const payload = method === 'GET' ? undefined : {};
      for (const token of [undefined, shopper.token]) {
        expect({ key, status: (await call(token, method, url, payload)).status }).toEqual({
          key,
          status: 401,
        });
      }
      const refused = await call(packer, method, url, payload, 'zh-CN');
      expect({ key, status: refused.status }).toEqual({ key, status: 403 });
      expect(refused.body.message).toBe(zh.forbidden);
    }
  });

  it('let a manager and an owner read the tree, the banners and the plates', async () => {
    const answers = [
      ['/api/admin/categories', CategoryTree],
      ['/api/admin/banners', AdminBanners],
      ['/api/admin/plates', AdminPlates],
    ] as const;
    for (const who of [owner, manager]) {
      for (const [url, schema] of answers) {
        const res = await call(who, 'GET', url);
        expect(res.status).toBe(200);
        expectAnswer(schema, res);
      }
    }
  });
});

describe('categories', () => {
  it('are created at either level and reach the storefront with their names and icon', async () => {
    const top = await newCategory('Tea');
    const child = await newCategory('Green tea', top);
    const node = (await tree()).find((c) => c.id === top);
    expect(node?.children.map((c) => c.id)).toEqual([child]);
    const listed = await shop<Category[]>('/api/product_category');
    const shown = listed.find((c) => c.id === top);
    expect(shown).toMatchObject({ en_name: 'Tea', zn_name: 'Tea类', icon: ICON, parent_id: null });
    expect(shown?.childCategory.map((c) => c.en_name)).toEqual(['Green tea']);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'category.create'), eq(auditLog.targetId, String(top))));
    expect(audit?.staffId).toBe(owner.id);
  });

  it('keep two levels: nothing goes under a child, and a category with children stays on top', async () => {
    const top = await newCategory('Snacks two');
    const child = await newCategory('Chips', top);
    const other = await newCategory('Drinks two');
    const under = await call(
      owner,
      'POST',
      '/api/admin/categories',
      { en_name: 'Deep', zn_name: '深', icon: ICON, parent_id: child },
      'zh-CN',
    );
    expect(under).toMatchObject({ status: 400, body: { message: zh.catalogueAdmin.categories.twoLevels } });
    const moveParent = await call(owner, 'POST', `/api/admin/categories/${top}`, {
      en_name: 'Snacks two',
      zn_name: '零食',
      icon: ICON,
      parent_id: other,
    });
    expect(moveParent.status).toBe(400);
    expect(moveParent.body.message).toBe(
      en.catalogueAdmin.categories.hasChildrenStaysTop.replace('{{count}}', '1'),
    );
    // A child moves under another parent, and shows there.
    const moved = await call(owner, 'POST', `/api/admin/categories/${child}`, {
      en_name: 'Chips',
      zn_name: '薯片',
      icon: ICON,
      parent_id: other,
    });
    expect(moved.status).toBe(200);
    expectAnswer(CategoryTree, moved);
    const after = await tree();
    expect(after.find((c) => c.id === other)?.children.map((c) => c.id)).toEqual([child]);
    expect(after.find((c) => c.id === top)?.children).toEqual([]);
    const self = await call(owner, 'POST', `/api/admin/categories/${top}`, {
      en_name: 'x',
      zn_name: 'x',
      icon: ICON,
      parent_id: top,
    });
    expect(self.status).toBe(400);
  });

  it('move up and down within their level, as the storefront lists them', async () => {
    const before = (await tree()).map((c) => c.id);
    const last = before.at(-1) as number;
    const movedUp = await call(owner, 'POST', `/api/admin/categories/${last}/move`, { direction: 'up' });
    expect(movedUp.status).toBe(200);
    expectAnswer(CategoryTree, movedUp);
    const after = (await tree()).map((c) => c.id);
    expect(after.slice(-2)).toEqual([last, before.at(-2)]);
    const listed = (await shop<Category[]>('/api/product_category')).map((c) => c.id);
    expect(listed).toEqual(after);
    // The first one up stays first.
    const first = after[0] as number;
    expect(
      (await call(owner, 'POST', `/api/admin/categories/${first}/move`, { direction: 'up' })).status,
    ).toBe(200);
    expect((await tree())[0]?.id).toBe(first);
  });

  it('cannot be deleted while products (published or not) or children use them, saying how many', async () => {
    const [row] = await t.database.db.select({ id: products.categoryId }).from(products).limit(1);
    const used = row?.id as number;
    const n = (await t.database.db.select().from(products).where(eq(products.categoryId, used))).length;
    await t.database.db.update(products).set({ onSale: false }).where(eq(products.categoryId, used));
    const refused = await call(owner, 'DELETE', `/api/admin/categories/${used}`, undefined, 'zh-CN');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      zh.catalogueAdmin.categories.hasProducts.replace('{{count}}', String(n)),
    );
    await t.database.db.update(products).set({ onSale: true }).where(eq(products.categoryId, used));

    const top = await newCategory('Parent to delete');
    const child = await newCategory('Child to delete', top);
    const withChild = await call(owner, 'DELETE', `/api/admin/categories/${top}`);
    expect(withChild.body.message).toBe(en.catalogueAdmin.categories.hasChildren.replace('{{count}}', '1'));
    const childGone = await call(owner, 'DELETE', `/api/admin/categories/${child}`);
    expect(childGone.status).toBe(200);
    expectAnswer(CategoryTree, childGone);
    expect((await call(owner, 'DELETE', `/api/admin/categories/${top}`)).status).toBe(200);
    expect(await t.database.db.select().from(categories).where(eq(categories.id, top))).toEqual([]);
    expect((await shop<Category[]>('/api/product_category')).some((c) => c.id === top)).toBe(false);
    expect((await call(owner, 'DELETE', `/api/admin/categories/${top}`)).status).toBe(404);
  });

  it('reach the sitemap at once when created, moved and deleted', async () => {
    const sitemap = async () => (await t.app.inject({ url: '/sitemap.xml' })).body;
    const top = await newCategory('Sitemap top');
    const other = await newCategory('Sitemap other');
    const child = await newCategory('Sitemap child', top);
    expect(await sitemap()).toContain(`/category/${top}/${child}`);
    await call(owner, 'POST', `/api/admin/categories/${child}`, {
      en_name: 'Sitemap child',
      zn_name: '子',
      icon: ICON,
      parent_id: other,
    });
    const moved = await sitemap();
    expect(moved).toContain(`/category/${other}/${child}`);
    expect(moved).not.toContain(`/category/${top}/${child}`);
    await call(owner, 'DELETE', `/api/admin/categories/${child}`);
    expect(await sitemap()).not.toContain(`/category/${other}/${child}`);
  });

  it('refuse bad names and icons with a message in the caller’s language', async () => {
    const empty = await call(
      owner,
      'POST',
      '/api/admin/categories',
      { en_name: 'Tea', zn_name: ' ', icon: ICON },
      'zh-CN',
    );
    expect(empty).toMatchObject({ status: 400, body: { message: zh.catalogueAdmin.home.required } });
    const noIcon = await call(owner, 'POST', '/api/admin/categories', { en_name: 'Tea', zn_name: '茶' });
    expect(noIcon.body.message).toBe(en.catalogueAdmin.home.imageMissing);
    const elsewhere = await call(owner, 'POST', '/api/admin/categories', {
      en_name: 'Tea',
      zn_name: '茶',
      icon: 'https://elsewhere.example/x.png',
    });
    expect(elsewhere.status).toBe(400);
    const long = await call(owner, 'POST', '/api/admin/categories', {
      en_name: 'x'.repeat(61),
      zn_name: '茶',
      icon: ICON,
    });
    expect(long.body.message).toBe(en.catalogueAdmin.home.tooLong);
    const badParent = await call(owner, 'POST', '/api/admin/categories', {
      en_name: 'Tea',
      zn_name: '茶',
      icon: ICON,
      parent_id: 999999,
    });
    expect(badParent.body.message).toBe(en.catalogueAdmin.categories.parentNotFound);
  });
});

describe('banners', () => {
  const IMAGE = '/media/banners/new-1280.webp';
  const productUuid = async () => {
    const [p] = await t.database.db
      .select({ uuid: products.uuid, en: products.enName })
      .from(products)
      .limit(1);
    return p as { uuid: string; en: string };
  };
  const visible = async () => shop<Banner[]>('/api/index_banners');

  it('start unpublished: shoppers see one only once it is published, with its headline', async () => {
    const product = await productUuid();
    const created = await call(owner, 'POST', '/api/admin/banners', {
      type: 1,
      url: product.uuid,
      image: IMAGE,
      en_headline: 'Fresh today',
      zn_headline: '今日新鲜',
      en_cta: 'Buy now',
      zn_cta: '立即购买',
    });
    expect(created.status).toBe(200);
    const { id, banners } = expectAnswer(BannerCreated, created);
    const mine = banners.find((b) => b.id === id);
    expect(mine).toMatchObject({
      published: false,
      state: 'draft',
      en_name: product.en,
      en_headline: 'Fresh today',
    });
    expect((await visible()).some((b) => b.id === id)).toBe(false);

    const published = await call(manager, 'POST', `/api/admin/banners/${id}/publish`, { published: true });
    expect(published.status).toBe(200);
    expectAnswer(AdminBanners, published);
    const shown = (await visible()).find((b) => b.id === id);
    expect(shown).toMatchObject({
      type: 1,
      url: product.uuid,
      image: IMAGE,
      en_headline: 'Fresh today',
      zn_cta: '立即购买',
    });
    expect((await visible()).at(-1)?.id).toBe(id);

    // Moved up one place, then unpublished: gone again.
    expectAnswer(
      AdminBanners,
      await call(owner, 'POST', `/api/admin/banners/${id}/move`, { direction: 'up' }),
    );
    expect((await visible()).at(-2)?.id).toBe(id);
    await call(owner, 'POST', `/api/admin/banners/${id}/publish`, { published: 'false' });
    expect((await visible()).some((b) => b.id === id)).toBe(false);
    const bannerGone = await call(owner, 'DELETE', `/api/admin/banners/${id}`);
    expect(bannerGone.status).toBe(200);
    expectAnswer(AdminBanners, bannerGone);
    expect((await call(owner, 'DELETE', `/api/admin/banners/${id}`)).status).toBe(404);
  });

  it('show only inside their schedule, the catalogue reloading at each boundary', async () => {
    const now = t.clock.now().getTime();
    // Typed on the shop's wall clock, to the minute (as promotions').
    const zone = t.config.shopTimeZone;
    const startsAt = shopWallTime(new Date(now + 3_600_000), zone);
    const endsAt = shopWallTime(new Date(now + 7_200_000), zone);
    const startMs = fromShopWallTime(startsAt, zone).getTime();
    const endMs = fromShopWallTime(endsAt, zone).getTime();
    const created = await call(owner, 'POST', '/api/admin/banners', {
      type: 2,
      url: '/promotions',
      image: IMAGE,
      starts_at: startsAt,
      ends_at: endsAt,
    });
    expect(created.status).toBe(200);
    const id = created.body.data.id as number;
    await call(owner, 'POST', `/api/admin/banners/${id}/publish`, { published: true });
    const state = async () =>
      (await call(owner, 'GET', '/api/admin/banners')).body.data.banners.find(
        (b: { id: number }) => b.id === id,
      ).state;
    expect(await state()).toBe('scheduled');
    expect((await visible()).some((b) => b.id === id)).toBe(false);
    expect(t.app.catalogue.snapshot.nextChangeAt).toBeLessThanOrEqual(startMs);

    t.clock.advance(startMs - now - 1);
    await t.app.catalogue.refreshIfStale();
    expect((await visible()).some((b) => b.id === id)).toBe(false);
    t.clock.advance(1);
    await t.app.catalogue.refreshIfStale();
    expect((await visible()).some((b) => b.id === id)).toBe(true);
    expect(await state()).toBe('showing');

    t.clock.advance(endMs - startMs - 1);
    await t.app.catalogue.refreshIfStale();
    expect((await visible()).some((b) => b.id === id)).toBe(true);
    t.clock.advance(1);
    await t.app.catalogue.refreshIfStale();
    expect((await visible()).some((b) => b.id === id)).toBe(false);
    expect(await state()).toBe('ended');
  });

  it('lead only to our own pages, products and promotions that exist, texts in both languages', async () => {
    const base = { image: IMAGE };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, type: 2, url: 'https://elsewhere.example/' }, zh.catalogueAdmin.home.notShopPath],
      [{ ...base, type: 2, url: '/admin/staff' }, zh.catalogueAdmin.home.notShopPath],
      [{ ...base, type: 2, url: '/category/999999' }, zh.catalogueAdmin.home.categoryNotFound],
      [
        { ...base, type: 1, url: '00000000-0000-4000-8000-000000000000' },
        zh.catalogueAdmin.home.productNotFound,
      ],
      [{ ...base, type: 3, url: '999999' }, zh.catalogueAdmin.home.promotionNotFound],
      [{ ...base, type: 1, url: '' }, zh.catalogueAdmin.home.targetMissing],
      [{ type: 2, url: '/promotions' }, zh.catalogueAdmin.home.imageMissing],
      [
        { ...base, type: 2, url: '/promotions', en_headline: 'Only English' },
        zh.catalogueAdmin.home.bothLanguages,
      ],
      [
        {
          ...base,
          type: 2,
          url: '/promotions',
          starts_at: '2030-01-02T00:00',
          ends_at: '2030-01-01T00:00',
        },
        zh.catalogueAdmin.home.endBeforeStart,
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await call(owner, 'POST', '/api/admin/banners', payload, 'zh-CN');
      expect({ payload, status: res.status, message: res.body.message }).toEqual({
        payload,
        status: 400,
        message,
      });
    }
    for (const payload of [
      { ...base, type: 4, url: '/' },
      { ...base, type: 2, url: '/', starts_at: 'tomorrow' },
    ]) {
      expect((await call(owner, 'POST', '/api/admin/banners', payload)).status).toBe(400);
    }
    expect(
      (await call(owner, 'POST', '/api/admin/banners/999999', { ...base, type: 2, url: '/' })).status,
    ).toBe(404);
  });
});

describe('plates', () => {
  const visible = async () => shop<Plate[]>('/api/all_plate');

  it('an image grid and a best-sellers plate start unpublished, then show in their order', async () => {
    const grid = await call(owner, 'POST', '/api/admin/plates', {
      style: 2,
      en_name: 'Deals',
      zn_name: '优惠',
      items: [
        { img: '/media/plates/a-640.webp', url: '/promotions' },
        { img: '/media/plates/b-640.webp', url: '/search?en_search=tea' },
      ],
    });
    expect(grid.status, JSON.stringify(grid.body)).toBe(200);
    const gridId = expectAnswer(PlateCreated, grid).id;
    const [category] = await tree();
    const sellers = await call(owner, 'POST', '/api/admin/plates', {
      style: 1,
      en_name: 'Best of',
      zn_name: '热销',
      category_id: category?.id,
    });
    const sellersId = sellers.body.data.id as number;
    expect((await visible()).some((p) => p.id === gridId || p.id === sellersId)).toBe(false);

    expectAnswer(
      AdminPlates,
      await call(owner, 'POST', `/api/admin/plates/${gridId}/publish`, { published: true }),
    );
    await call(owner, 'POST', `/api/admin/plates/${sellersId}/publish`, { published: true });
    const shown = await visible();
    expect(shown.find((p) => p.id === gridId)?.item.map((i) => i.url)).toEqual([
      '/promotions',
      '/search?en_search=tea',
    ]);
    expect(shown.at(-1)).toMatchObject({
      id: sellersId,
      style: 1,
      category_id: category?.id,
      en_name: 'Best of',
    });

    expectAnswer(
      AdminPlates,
      await call(owner, 'POST', `/api/admin/plates/${sellersId}/move`, { direction: 'up' }),
    );
    expect((await visible()).slice(-2).map((p) => p.id)).toEqual([sellersId, gridId]);

    // The category a plate shows cannot be deleted under it.
    const refused = await call(owner, 'DELETE', `/api/admin/categories/${category?.id}`);
    expect(refused.status).toBe(400);

    const edited = await call(owner, 'POST', `/api/admin/plates/${gridId}`, {
      style: 2,
      en_name: 'Deals',
      zn_name: '优惠',
      items: [{ img: '/media/plates/c-640.webp', url: '/categories' }],
    });
    expect(edited.status).toBe(200);
    expectAnswer(AdminPlates, edited);
    expect((await visible()).find((p) => p.id === gridId)?.item).toEqual([
      { img: '/media/plates/c-640.webp', url: '/categories', en_name: '', zn_name: '' },
    ]);
    const plateGone = await call(owner, 'DELETE', `/api/admin/plates/${gridId}`);
    expect(plateGone.status).toBe(200);
    expectAnswer(AdminPlates, plateGone);
    expect((await visible()).some((p) => p.id === gridId)).toBe(false);
  });

  it('refuse a best-sellers plate without a category and a tile leading elsewhere', async () => {
    const noCategory = await call(
      owner,
      'POST',
      '/api/admin/plates',
      { style: 1, en_name: 'A', zn_name: '甲' },
      'zh-CN',
    );
    expect(noCategory.body.message).toBe(zh.catalogueAdmin.home.categoryMissing);
    const elsewhere = await call(owner, 'POST', '/api/admin/plates', {
      style: 2,
      en_name: 'A',
      zn_name: '甲',
      items: [{ img: '/media/plates/a-640.webp', url: '//elsewhere.example' }],
    });
    expect(elsewhere.body.message).toBe(en.catalogueAdmin.home.notShopPath);
    const many = await call(owner, 'POST', '/api/admin/plates', {
      style: 2,
      en_name: 'A',
      zn_name: '甲',
      items: Array.from({ length: 13 }, () => ({ img: '/media/plates/a-640.webp', url: '/' })),
    });
    expect(many.body.message).toBe(en.catalogueAdmin.home.tooManyTiles);
  });

  it('refuse to publish an image grid without tiles, or to empty a published one', async () => {
    const bare = await call(owner, 'POST', '/api/admin/plates', {
      style: 2,
      en_name: 'Bare',
      zn_name: '空',
      items: [],
    });
    expect(bare.status).toBe(200);
    const id = expectAnswer(PlateCreated, bare).id;
    for (const [language, texts] of [
      ['en', en],
      ['zh-CN', zh],
    ] as const) {
      const refused = await call(
        owner,
        'POST',
        `/api/admin/plates/${id}/publish`,
        { published: true },
        language,
      );
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(texts.catalogueAdmin.home.plateEmpty);
    }
    expect((await visible()).some((p) => p.id === id)).toBe(false);

    const tile = { img: '/media/plates/a-640.webp', url: '/promotions' };
    const filled = { style: 2, en_name: 'Bare', zn_name: '空', items: [tile] };
    expect((await call(owner, 'POST', `/api/admin/plates/${id}`, filled)).status).toBe(200);
    expect((await call(owner, 'POST', `/api/admin/plates/${id}/publish`, { published: true })).status).toBe(
      200,
    );
    const emptied = await call(owner, 'POST', `/api/admin/plates/${id}`, { ...filled, items: [] }, 'zh-CN');
    expect(emptied.status).toBe(400);
    expect(emptied.body.message).toBe(zh.catalogueAdmin.home.plateEmpty);
    // Nothing changed: shoppers still see its tile.
    expect((await visible()).find((p) => p.id === id)?.item.map((i) => i.url)).toEqual(['/promotions']);
  });
});
