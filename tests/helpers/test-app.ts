import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../../src/server/app';
import { ManualClock } from '../../src/server/clock';
import { type Config, loadConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { loggerOptions } from '../../src/server/logging';
import { freshDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: ManualClock;
  config: Config;
  /** Lines the app logged, for tests that check what never reaches a log. */
  logs: string[];
  close(): Promise<void>;
}

/** The real app on a fresh copy of the seeded database, with a hand-moved clock. Once per test file. */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const { database, config: dbConfig, drop } = await freshDatabase();
  const dataDir = await mkdtemp(join(tmpdir(), 'shop-test-'));
  const config: Config = {
    ...loadConfig({ LOG_LEVEL: 'info', CATALOGUE_POLL_MS: '60000', DATA_DIR: dataDir, ...env }),
    database: dbConfig,
  };
  const clock = new ManualClock();
  const logs: string[] = [];
  const logger = pino(loggerOptions(config.logLevel), { write: (line: string) => void logs.push(line) });
  const app = await buildApp({ config, database, clock, logger });
  await app.ready();
  return {
    app,
    database,
    clock,
    config,
    logs,
    close: async () => {
      await app.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
