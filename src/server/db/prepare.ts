import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from './client';
import { runMigrations } from './migrate';
import { catalogueState, coupons, products, promotions } from './schema';
import { seedDemoCatalogue } from './seed';

/**
 * Brings a database up to date: migrations, then the demo catalogue when it is empty and SEED=demo.
 * Holds the database-wide lock, so processes starting together do it once.
 */
export async function prepareDatabase(
  database: Database,
  config: Pick<Config, 'seed'>,
  clock: Clock,
  log?: Pick<FastifyBaseLogger, 'info'>,
): Promise<void> {
  await database.exclusively(async () => {
    await runMigrations(database);
    if (database.fromDemoDump) {
      await redateDemo(database, clock);
      log?.info('demo catalogue loaded from the build');
    }
    if (config.seed !== 'demo') return;
    const demo = await import('../../../seed/catalogue/index');
    if (await seedDemoCatalogue(database, demo, clock.now())) {
      log?.info({ products: demo.products.length }, 'demo catalogue loaded');
    }
  });
}

/**
 * Moves every date the seed set relative to its `now` by the time since the dump was seeded, in
 * one transaction, so the shop looks as if it was seeded at this start.
 */
async function redateDemo(database: Database, clock: Clock): Promise<void> {
  await database.db.transaction(async (tx) => {
    const [state] = await tx.select({ seededAt: catalogueState.seededAt }).from(catalogueState);
    if (!state?.seededAt) return;
    const shift = sql`${`${clock.now().getTime() - state.seededAt.getTime()} milliseconds`}::interval`;
    await tx.update(products).set({ createdAt: sql`${products.createdAt} + ${shift}` });
    await tx.update(promotions).set({
      startsAt: sql`${promotions.startsAt} + ${shift}`,
      endsAt: sql`${promotions.endsAt} + ${shift}`,
    });
    await tx
      .update(coupons)
      .set({ startsAt: sql`${coupons.startsAt} + ${shift}`, endsAt: sql`${coupons.endsAt} + ${shift}` });
    await tx.update(catalogueState).set({ seededAt: clock.now() }).where(eq(catalogueState.id, 1));
  });
}
