import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '#server/db/client';
import { callAs } from '../../../../tests/helpers/shoppers';
import { cardForm, type LiveShop, orderRow, placeOrder, startLiveShop } from './payment.fixture';

let shop: LiveShop;
beforeAll(async () => {
  shop = await startLiveShop();
});
afterAll(async () => shop?.close());

/** American Express numbers, with the four-digit codes that only they take (rarer in other data). */
const TYPED = { number: '371449635398431', spaced: '3714 496353 98431', code: '8642' };
const SAVED = { number: '378282246310005', spaced: '3782 822463 10005', code: '9173' };
const DECLINED = { number: '4000000000000002', code: '357' };

/** Every row of every table of the shop's database. */
async function dumpAllTables(): Promise<Record<string, unknown[]>> {
  const { database } = shop.t;
  const tables = await rowsOf<{ table_name: string }>(
    database,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const dump: Record<string, unknown[]> = {};
  for (const { table_name: name } of tables) {
    dump[name] = await rowsOf(database, sql`select * from ${sql.identifier(name)}`);
  }
  return dump;
}

/** The strings of a value, nested, leaving out uuids (hex, where four digits may turn up by chance). */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return /^[0-9a-f]{8}-[0-9a-f-]{27}$/i.test(value) ? [] : [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === 'object' && !(value instanceof Date))
    return Object.values(value).flatMap(stringsOf);
  return [];
}

/** A code standing on its own: not inside a longer run of digits or hex. */
const standalone = (code: string) => new RegExp(`(?<![0-9a-fA-F])${code}(?![0-9a-fA-F])`);

describe('card numbers and security codes', () => {
  it('appear in no table and no log line after paying, saving and paying with a saved card', async () => {
    const { t } = shop;
    const first = await placeOrder(t, 0);
    const pay = (form: Record<string, string>) => callAs(t.app, first.s, 'POST', '/api/authorize/pay', form);
    const declined = await pay(cardForm(first.orderNo, { card: DECLINED.number, code: DECLINED.code }));
    expect(declined.body.data.status).toBe(1);
    const typed = await pay(cardForm(first.orderNo, { card: TYPED.spaced, code: TYPED.code }));
    expect(typed.body.data.status).toBe(2);

    const saved = await callAs(t.app, first.s, 'PUT', '/api/credit_card', {
      name: 'Mei Lin',
      card_no: SAVED.spaced,
      expiration_time: '09/30',
      code: SAVED.code,
    });
    expect(saved.body.data.card_no).toBe('**** 0005');
    const second = await placeOrder(t, 1, 1, first.s);
    const bySaved = await callAs(t.app, first.s, 'POST', '/api/authorize/pay', {
      order: second.orderNo,
      card_uuid: saved.body.data.uuid,
      code: SAVED.code,
    });
    expect(bySaved.body.data.status).toBe(2);
    expect((await orderRow(t, second.orderNo)).status).toBe(2);

    const dump = await dumpAllTables();
    expect(Object.keys(dump)).toEqual(expect.arrayContaining(['payments', 'credit_cards', 'orders']));
    const everything = JSON.stringify(dump);
    const logLines = t.logs.map((line) => {
      const { time: _time, pid: _pid, hostname: _host, ms: _ms, ...rest } = JSON.parse(line);
      return JSON.stringify(rest);
    });
    expect(logLines.length).toBeGreaterThan(5);
    for (const card of [TYPED, SAVED]) {
      for (const text of [everything, ...logLines]) {
        expect(text).not.toContain(card.number);
        expect(text).not.toContain(card.spaced);
      }
    }
    expect(everything).not.toContain(DECLINED.number);
    const strings = [...stringsOf(dump), ...logLines];
    for (const code of [TYPED.code, SAVED.code]) {
      expect(strings.filter((s) => standalone(code).test(s))).toEqual([]);
    }
    // What is kept instead: the last four digits and the gateway's token.
    expect(dump.credit_cards).toEqual([
      expect.objectContaining({ last4: '0005', token: expect.stringMatching(/^\d+\/\d+$/) }),
    ]);
  });
});
