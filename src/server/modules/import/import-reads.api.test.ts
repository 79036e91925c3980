import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAudit } from '#server/admin/admin-route';
import type { Db, Tx } from '#server/db/client';
import { products } from '#server/db/schema';
import { createStaff, type TestStaff } from '../../../../tests/helpers/staff';
import { startTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { TEST_PGLITE_THREAD, templateRef } from '../../../../tests/helpers/test-database';
import { importProducts } from './product-import';

/*
 * Shoppers read the catalogue while an owner imports a file: an import's transaction runs for
 * seconds of statements, and none of them may hold the server's thread meanwhile.
 */

/** PGlite on the test's own thread (PGLITE_WORKER=0) holds the thread for every statement anyway. */
const embeddedInThread = templateRef().kind === 'pglite' && TEST_PGLITE_THREAD === 'main';

let t: TestApp;
let owner: TestStaff;
let base: string;
beforeAll(async () => {
  t = await startTestApp();
  owner = await createStaff(t.database, t.clock.now(), { role: 'owner' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t?.close());

/** `db`, whose transactions run `hold` after their own statements, before they commit. */
function holdingBeforeCommit(db: Db, hold: (tx: Tx) => Promise<void>): Db {
  const holding = Object.create(db) as Db;
  holding.transaction = ((work, config) =>
    db.transaction(async (tx) => {
      const done = await work(tx);
      await hold(tx);
      return done;
    }, config)) as Db['transaction'];
  return holding;
}

const UUID = '5f0c8e6a-2b1d-4c7e-9a3f-00000000c5a1';

/** One new published product, with a picture of the shop's own. */
async function newProductCsv(): Promise<Uint8Array> {
  const [shown] = await t.database.db
    .select({ picture: products.productImage })
    .from(products)
    .where(and(eq(products.onSale, true), ne(products.productImage, '')))
    .limit(1);
  const csv = [
    'uuid,key,category,en_name,zn_name,en_number,zn_number,price,real_stock,product_image,published',
    `${UUID},imp-during-reads,leafy-greens,Pea shoots,豌豆苗,1 bag,1袋,3.20,8,${shown?.picture},yes`,
  ].join('\n');
  return new TextEncoder().encode(csv);
}

describe('catalogue reads during a product import', () => {
  it.skipIf(embeddedInThread)(
    "answers a shopper's catalogue read while a statement of an import's transaction runs, with the catalogue as it was until the import commits",
    async () => {
      let holding: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        holding = resolve;
      });
      let statementRunning = false;
      // The import's last statement before its commit takes seconds (a long batch, on a busy machine).
      const db = holdingBeforeCommit(t.database.db, async (tx) => {
        statementRunning = true;
        holding();
        await tx.execute(sql`select pg_sleep(3)`);
        statementRunning = false;
      });
      const importing = importProducts(
        { db, clock: t.clock, catalogue: t.app.catalogue },
        await newProductCsv(),
        {
          staffId: owner.id,
          language: 'en',
          writeAudit: (tx, audit) => writeAudit(tx, t.clock, owner, audit),
        },
      );
      await held;

      const during = await fetch(`${base}/api/index_product/${UUID}`);
      const answeredDuringStatement = statementRunning;
      const banners = await fetch(`${base}/api/index_banners`);
      expect(banners.status).toBe(200);
      expect(answeredDuringStatement, "answered while the import's statement ran").toBe(true);
      // Nothing of the import shows before it commits.
      expect(during.status).toBe(404);

      expect(await importing).toMatchObject({ applied: true, created: 1 });
      const after = await fetch(`${base}/api/index_product/${UUID}`);
      expect(after.status).toBe(200);
      expect(((await after.json()) as { data: { en_name: string } }).data.en_name).toBe('Pea shoots');
    },
  );
});
