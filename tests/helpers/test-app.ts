import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '#server/app';
import { ManualClock, systemClock } from '#server/clock';
import { type Config, loadConfig } from '#server/config';
import { type Database, openDatabase } from '#server/db/client';
import type { GatewayLog, Gateways } from '#server/gateways/gateway';
import { loggerOptions } from '#server/logging';
import type { OutboxWorkerOptions } from '#server/mail/outbox-worker';
import { PasswordHasher } from '#server/modules/account/password';
import { freshDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: ManualClock;
  config: Config;
  /** Lines the app logged, for tests that check what never reaches a log. */
  logs: string[];
  /** The app's password hasher: scrypt at a cheap cost, and its queue, which tests may fill. */
  passwords: PasswordHasher;
  close(): Promise<void>;
}

/**
 * Scrypt at 1 MiB instead of OWASP's 128 MiB: the same code and stored format, at a cost that no
 * test's outcome or duration depends on the machine for.
 */
export const TEST_SCRYPT_PARAMS = { N: 2 ** 10, r: 8, p: 1 };

export interface TestAppOptions {
  /** Gateways of the test's making, instead of the ones the configuration names. */
  gateways?: (deps: { config: Config; clock: ManualClock; log: GatewayLog }) => Gateways;
  /** The order-mail worker's timing; by default it runs only when the test drains it (no wake, no poll). */
  outbox?: Partial<OutboxWorkerOptions>;
}

/** The real app on a fresh copy of the seeded database, with a hand-moved clock. Once per test file. */
export async function startTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const { database, config: dbConfig, drop } = await freshDatabase();
  const dataDir = await mkdtemp(join(tmpdir(), 'shop-test-'));
  const config: Config = {
    ...loadConfig({ LOG_LEVEL: 'info', CATALOGUE_POLL_MS: '60000', DATA_DIR: dataDir, ...env }),
    database: dbConfig,
  };
  const clock = new ManualClock();
  const logs: string[] = [];
  const logger = pino(loggerOptions(config.logLevel), { write: (line: string) => void logs.push(line) });
  const passwords = new PasswordHasher(TEST_SCRYPT_PARAMS);
  const gateways = options.gateways?.({ config, clock, log: logger });
  const app = await buildApp({
    config,
    database,
    clock,
    logger,
    passwords,
    ...(gateways ? { gateways } : {}),
    // The order-mail worker waits for the test (app.mailOutbox.drain()): nothing changes the
    // database behind a test's back, not even a queued mail's wake.
    outbox: { pollMs: 3_600_000, wakeOnQueue: false, ...options.outbox },
  });
  await app.ready();
  return {
    app,
    database,
    clock,
    config,
    logs,
    passwords,
    close: async () => {
      await app.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One more app on a test database another app already uses, as a second server process would be:
 * its own connections, the system clock, one shared secret, the catalogue poll a minute away.
 * The caller closes the app, then the database.
 */
export async function appOnDatabase(
  dbConfig: Config['database'],
  env: Record<string, string>,
  outbox?: Partial<OutboxWorkerOptions>,
): Promise<{ app: FastifyInstance; database: Database }> {
  const database = await openDatabase(dbConfig);
  const config: Config = {
    ...loadConfig({ SHOP_SECRET: 'a'.repeat(40), CATALOGUE_POLL_MS: '60000', ...env }),
    database: dbConfig,
  };
  const app = await buildApp({
    config,
    database,
    clock: systemClock,
    logger: pino({ level: 'silent' }),
    passwords: new PasswordHasher(TEST_SCRYPT_PARAMS),
    ...(outbox ? { outbox } : {}),
  });
  return { app, database };
}
