import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema';
import { uuidFromKey } from '#server/db/seed';
import { ShopSettingsAnswer } from '#shared/schemas/admin/settings.zod';
import { Product } from '#shared/schemas/catalogue';
import { expectAnswer } from '../../../../tests/helpers/answers';
import { type AdminShop, startAdminShop } from '../order/order.fixture';
import type { LiveShop } from '../payment/payment.fixture';
import { readShopSettings } from './shop-settings';

/** The owner's Settings page (docs/api.md, Admin: settings). */
let shop: LiveShop;
let staff: AdminShop['staff'];
let call: AdminShop['call'];

beforeAll(async () => {
  ({ shop, staff, call } = await startAdminShop());
});
afterAll(async () => shop?.close());

const put = (body: Record<string, unknown>, token = staff.owner.token, language = 'en') =>
  shop.t.app
    .inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { 'accept-language': language, authorization: `Bearer ${token}` },
      payload: body,
    })
    .then((res) => ({ status: res.statusCode, body: res.json() }));

describe('the shop settings', () => {
  it('answers the defaults until the owner saves, then what was saved, audited', async () => {
    const first = expectAnswer(
      ShopSettingsAnswer,
      await call(staff.owner.token, 'GET', '/api/admin/settings'),
    );
    expect(first).toEqual({
      weight_unit: 'lb',
      hold_buffer_percent: 10,
      substitution_answer_minutes: 30,
      updated_at: null,
    });
    const saved = await put({
      weight_unit: 'kg',
      hold_buffer_percent: '15',
      substitution_answer_minutes: 45,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      weight_unit: 'kg',
      hold_buffer_percent: 15,
      substitution_answer_minutes: 45,
    });
    expect(await readShopSettings(shop.t.database.db)).toMatchObject({
      weightUnit: 'kg',
      holdBufferPercent: 15,
      substitutionAnswerMinutes: 45,
    });
    const audits = await shop.t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.update'));
    expect(audits.map((a) => [a.before, a.after])).toEqual([
      [null, { weight_unit: 'kg', hold_buffer_percent: 15, substitution_answer_minutes: 45 }],
    ]);
  });

  it('refuses bad values in English and Chinese and changes nothing', async () => {
    const before = await readShopSettings(shop.t.database.db);
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { weight_unit: 'oz', hold_buffer_percent: 10, substitution_answer_minutes: 30 },
        'Choose lb or kg as the weight unit.',
        '重量单位请选择磅或公斤。',
      ],
      [
        { weight_unit: 'lb', hold_buffer_percent: 51, substitution_answer_minutes: 30 },
        'The hold buffer must be a whole percent from 0 to 50.',
        '预授权附加比例必须是 0 到 50 之间的整数百分比。',
      ],
      [
        { weight_unit: 'lb', hold_buffer_percent: 10, substitution_answer_minutes: 0 },
        'The time to answer a substitute must be a whole number of minutes from 1 to 1440.',
        '回复替换商品的时限必须是 1 到 1440 之间的整数分钟。',
      ],
      [
        { weight_unit: 'lb', hold_buffer_percent: '1.5', substitution_answer_minutes: 30 },
        'The hold buffer must be a whole percent from 0 to 50.',
        '预授权附加比例必须是 0 到 50 之间的整数百分比。',
      ],
    ];
    for (const [body, en, zh] of cases) {
      const answer = await put(body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(en);
      expect((await put(body, staff.owner.token, 'zh')).body.message).toBe(zh);
    }
    expect(await readShopSettings(shop.t.database.db)).toEqual(before);
  });

  it('shows every pack per 100 g at once when the owner switches the shop to kg', async () => {
    const butter = `/api/index_product/${uuidFromKey('anchor-unsalted-butter')}`;
    const perOf = async () =>
      Product.parse((await shop.t.app.inject({ url: butter })).json().data).unit_price?.per;
    const body = { weight_unit: 'lb', hold_buffer_percent: 10, substitution_answer_minutes: 30 };
    expect((await put(body)).status).toBe(200);
    expect(await perOf()).toBe('oz');
    // No reload and no poll: the save is a catalogue change (docs/product.md, Price per unit).
    expect((await put({ ...body, weight_unit: 'kg' })).status).toBe(200);
    expect(await perOf()).toBe('100g');
    expect((await put(body)).status).toBe(200);
    expect(await perOf()).toBe('oz');
  });

  it("is the owner's alone", async () => {
    expect((await call(staff.manager.token, 'GET', '/api/admin/settings')).status).toBe(403);
    const body = { weight_unit: 'lb', hold_buffer_percent: 10, substitution_answer_minutes: 30 };
    expect((await put(body, staff.manager.token)).status).toBe(403);
    expect((await put(body, staff.packer.token)).status).toBe(403);
  });
});
