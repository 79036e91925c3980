import { count, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { products } from '#server/db/schema';
import { createStaff } from '../../../../tests/helpers/staff';
import { startTestApp } from '../../../../tests/helpers/test-app';

/**
 * Imports side by side: several owners importing files that create the same new products, and
 * shoppers browsing while a large file is written. On PGlite and on PostgreSQL.
 */

const t = await startTestApp();
afterAll(async () => t.close());
const owner = await createStaff(t.database, t.clock.now(), { role: 'owner' });
const db = t.database.db;

async function importCsv(csv: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/products/import',
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'text/csv' },
    payload: csv,
  });
  return { status: res.statusCode, body: res.json() };
}

function newProducts(prefix: string, from: number, to: number): string {
  const lines = ['key,category,en_name,zn_name,price,real_stock'];
  for (let i = from; i < to; i++) lines.push(`${prefix}-${i},leafy-greens,Green ${i},青菜${i},1.25,${i % 7}`);
  return lines.join('\n');
}

const countLike = async (prefix: string) =>
  (
    await db
      .select({ n: count() })
      .from(products)
      .where(like(products.key, `${prefix}-%`))
  )[0]?.n ?? 0;

describe('parallel imports', () => {
  it('of files with the same new keys take turns: no error, each product once', async () => {
    // Overlapping halves: every file shares keys with every other.
    const files = [0, 1, 2, 3, 4, 5].map((i) => newProducts('race', (i % 3) * 20, (i % 3) * 20 + 60));
    const answers = await Promise.all(files.map(importCsv));
    expect(answers.map((a) => a.status)).toEqual(files.map(() => 200));
    for (const a of answers) expect(a.body.data).toMatchObject({ applied: true, errorCount: 0 });
    const created = answers.reduce((sum, a) => sum + a.body.data.created, 0);
    expect(created).toBe(100);
    expect(await countLike('race')).toBe(100);
  });
});

/**
 * PGlite has one connection: while the import's transaction is open, a query from outside it
 * waits until it commits. So a count of the new products asked again and again answers 0 until
 * the transaction begins, and the first one asked after that answers only once it has committed:
 * reads answered while that one is pending were answered while the import was being written.
 */
describe.runIf(t.database.kind === 'pglite')('catalogue reads during a large import (PGlite)', () => {
  it('are answered while the import is being written, between its batches', async () => {
    const rows = 5000;
    let written = false;
    let probe = 0;
    const probing = (async () => {
      for (;;) {
        probe++;
        if ((await countLike('big')) === rows) return;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })().then(() => {
      written = true;
    });
    const importing = importCsv(newProducts('big', 0, rows));
    const answeredWithProbe: number[] = [];
    while (!written) {
      const res = await t.app.inject({ method: 'GET', url: '/api/product_category' });
      expect(res.statusCode).toBe(200);
      if (!written) answeredWithProbe.push(probe);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await probing;
    const answer = await importing;
    expect(answer.body.data).toMatchObject({ applied: true, created: rows });
    const duringWrite = answeredWithProbe.filter((p) => p === probe).length;
    console.info(`catalogue reads answered while a ${rows}-row import was written: ${duringWrite}`);
    // Its 20 batches of 250 rows, each followed by a turn for everyone else.
    expect(duringWrite).toBeGreaterThanOrEqual(20);
  });
});
