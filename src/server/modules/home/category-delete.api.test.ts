import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { categories } from '#server/db/schema';
import en from '../../../../public/locales/en/errors.json' with { type: 'json' };
import zh from '../../../../public/locales/zh/errors.json' with { type: 'json' };
import { createStaff } from '../../../../tests/helpers/staff';
import { startTestApp } from '../../../../tests/helpers/test-app';

/**
 * A category that a home banner or an image grid's tile leads to cannot be
 * deleted (its link would lead nowhere); the refusal says how many, in the caller's language.
 */

const t = await startTestApp();
afterAll(async () => t.close());
const owner = await createStaff(t.database, t.clock.now(), { role: 'owner' });
const ICON = '/media/categories/tea-96.webp';
const IMAGE = '/media/banners/x-1280.webp';

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, language = 'en') {
  const res = await t.app.inject({
    method,
    url,
    headers: { 'accept-language': language, authorization: `Bearer ${owner.token}` },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

async function newCategory(name: string, parentId?: number): Promise<number> {
  const res = await call('POST', '/api/admin/categories', {
    en_name: name,
    zn_name: `${name}类`,
    icon: ICON,
    ...(parentId ? { parent_id: parentId } : {}),
  });
  expect(res.status).toBe(200);
  return res.body.data.id;
}

const count = (text: string, n: number) => text.replace('{{count}}', String(n));

describe('deleting a category', () => {
  it('is refused while banners lead to it, saying how many, until they lead elsewhere', async () => {
    const top = await newCategory('Banner top');
    const child = await newCategory('Banner child', top);
    const banner = { type: 2, image: IMAGE };
    const ids: number[] = [];
    for (const url of [`/category/${top}/${child}`, `/category/${top}/${child}`, `/category/${top}`]) {
      const res = await call('POST', '/api/admin/banners', { ...banner, url });
      expect(res.status).toBe(200);
      ids.push(res.body.data.id);
    }
    const refused = await call('DELETE', `/api/admin/categories/${child}`, undefined, 'zh-CN');
    expect(refused).toEqual({
      status: 400,
      body: { code: 400, message: count(zh.catalogueAdmin.categories.hasBanners, 2) },
    });
    for (const id of ids.slice(0, 2))
      expect((await call('POST', `/api/admin/banners/${id}`, { ...banner, url: '/promotions' })).status).toBe(
        200,
      );
    expect((await call('DELETE', `/api/admin/categories/${child}`)).status).toBe(200);

    expect((await call('DELETE', `/api/admin/categories/${top}`)).body.message).toBe(
      count(en.catalogueAdmin.categories.hasBanners, 1),
    );
    expect((await call('DELETE', `/api/admin/banners/${ids[2]}`)).status).toBe(200);
    expect((await call('DELETE', `/api/admin/categories/${top}`)).status).toBe(200);
    expect(await t.database.db.select().from(categories).where(eq(categories.id, top))).toEqual([]);
  });

  it('is refused while image grid tiles lead to it, and a banner to another category does not count', async () => {
    const target = await newCategory('Tile target');
    const other = await newCategory('Tile other');
    const elsewhere = await call('POST', '/api/admin/banners', {
      type: 2,
      image: IMAGE,
      url: `/category/${other}`,
    });
    expect(elsewhere.status).toBe(200);
    const tile = (url: string) => ({ img: '/media/plates/c-640.webp', url });
    const plate = await call('POST', '/api/admin/plates', {
      style: 2,
      en_name: 'Grid',
      zn_name: '图片格',
      items: [tile(`/category/${target}`), tile('/promotions'), tile(`/category/${target}`)],
    });
    expect(plate.status).toBe(200);
    const plateId = plate.body.data.id as number;

    const refused = await call('DELETE', `/api/admin/categories/${target}`, undefined, 'zh-CN');
    expect(refused.body.message).toBe(count(zh.catalogueAdmin.categories.hasTiles, 2));
    expect((await call('DELETE', `/api/admin/categories/${target}`)).body.message).toBe(
      count(en.catalogueAdmin.categories.hasTiles, 2),
    );
    expect(await t.database.db.select().from(categories).where(eq(categories.id, target))).toHaveLength(1);

    const edited = await call('POST', `/api/admin/plates/${plateId}`, {
      style: 2,
      en_name: 'Grid',
      zn_name: '图片格',
      items: [tile('/promotions')],
    });
    expect(edited.status).toBe(200);
    expect((await call('DELETE', `/api/admin/categories/${target}`)).status).toBe(200);
  });
});
