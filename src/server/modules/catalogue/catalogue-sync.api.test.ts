import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { ManualClock } from '#server/clock';
import { loadConfig } from '#server/config';
import { products, promotions } from '#server/db/schema';
import { uuidFromKey } from '#server/db/seed';
import * as demo from '../../../../seed/catalogue/index';
import { freshDatabase } from '../../../../tests/helpers/test-database';
import { bumpCatalogueVersion } from './catalogue.changes';

/**
 * Two app instances on one database stand in for two server processes: a change committed through
 * one must reach the other's in-memory catalogue by its own polling, and a promotion must stop
 * applying when it ends, without anyone bumping the version.
 */
let fresh: Awaited<ReturnType<typeof freshDatabase>>;
const clock = new ManualClock();
const apps: Awaited<ReturnType<typeof buildApp>>[] = [];

beforeAll(async () => {
  fresh = await freshDatabase();
  const config = { ...loadConfig({ CATALOGUE_POLL_MS: '100' }), database: fresh.config };
  for (let i = 0; i < 2; i++) {
    apps.push(await buildApp({ config, database: fresh.database, clock, logger: pino({ level: 'silent' }) }));
  }
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await fresh?.drop();
});

async function nameSeenBy(app: (typeof apps)[number], uuid: string): Promise<string> {
  const res = await app.inject({ url: `/api/index_product/${uuid}` });
  return JSON.parse(res.body).data.en_name;
}

describe('catalogue caches across processes', () => {
  it('refreshes the other process by its own polling after a change', async () => {
    const seed = demo.products[5];
    if (!seed) throw new Error('no products');
    const uuid = uuidFromKey(seed.key);
    const [a, b] = apps;
    if (!a || !b) throw new Error('apps missing');
    expect(await nameSeenBy(b, uuid)).toBe(seed.en_name);

    await fresh.database.db.transaction(async (tx) => {
      await tx.update(products).set({ enName: 'Changed Elsewhere' }).where(eq(products.key, seed.key));
      await bumpCatalogueVersion(tx);
    });
    const changedAt = Date.now();
    let seen = await nameSeenBy(b, uuid);
    while (seen !== 'Changed Elsewhere' && Date.now() - changedAt < 3000) {
      await new Promise((r) => setTimeout(r, 25));
      seen = await nameSeenBy(b, uuid);
    }
    expect(seen).toBe('Changed Elsewhere');
  });

  it('stops showing a promotion price once the promotion has ended', async () => {
    const running = demo.promotions.find((p) => p.starts_in_days <= 0 && p.ends_in_days > 0);
    const first = running?.products[0];
    if (!running || !first) throw new Error('no running promotion');
    const uuid = uuidFromKey(first.product);
    const [a] = apps;
    if (!a) throw new Error('app missing');
    const price = async () =>
      JSON.parse((await a.inject({ url: `/api/index_product/${uuid}` })).body).data.promotion_price;
    expect(await price()).toBe(first.promotion_price_cents / 100);

    const [row] = await fresh.database.db.select().from(promotions).where(eq(promotions.key, running.key));
    clock.set(new Date((row?.endsAt.getTime() ?? 0) + 1000));
    await a.catalogue.refreshIfStale();
    expect(await price()).toBeNull();
  });
});
