import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from './client';
import { redateDemo } from './demo-dump';
import { runMigrations } from './migrate';
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
