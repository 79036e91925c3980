import pino from 'pino';
import { buildApp } from './app';
import { listenForShopCommands, SERVER_HOLDER } from './cli/command-socket';
import { systemClock } from './clock';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { prepareDatabase } from './db/prepare';
import { loggerOptions } from './logging';
import { SCRYPT_PARAMS } from './modules/account/password';
import { loadShopSecret } from './secret';
import { checkSecretFingerprint } from './secret-fingerprint';

/** The one file that listens: reads the environment, prepares the database, serves, shuts down. */
async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  const logger = pino(loggerOptions(config.logLevel));
  const { machine } = config;
  logger.info(
    {
      cores: machine.cores,
      memoryMiB: Math.round(machine.memoryBytes / 2 ** 20),
      pgliteThread: config.database.kind === 'postgres' ? undefined : config.pgliteThread,
      poolMax: config.database.kind === 'postgres' ? config.database.poolMax : undefined,
      hashesAtOnce: machine.hashesAtOnce,
    },
    'sized for this machine',
  );
  const database = await openDatabase(config.database, {
    seed: config.seed,
    holder: SERVER_HOLDER,
    pgliteThread: config.pgliteThread,
  });
  if (2 ** config.passwordHashCost < SCRYPT_PARAMS.N) {
    logger.warn(
      { PASSWORD_HASH_COST: config.passwordHashCost, recommended: Math.log2(SCRYPT_PARAMS.N) },
      'passwords are hashed below the recommended cost: meant for test servers, not a shop',
    );
  }
  await prepareDatabase(database, config, systemClock, logger);
  // Before anything is served: a process with another secret would refuse every other one's codes.
  const secret = loadShopSecret(config);
  await checkSecretFingerprint(database, secret, config, systemClock.now());
  const app = await buildApp({ config, database, clock: systemClock, logger, secret });
  let commands: Awaited<ReturnType<typeof listenForShopCommands>>;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await commands?.close();
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // On PGlite files `npm run shop` cannot open the database while this process has it: it asks here.
  commands = await listenForShopCommands(database, { config, clock: systemClock, log: app.log });
  app.log.info(
    { url: `http://${config.host}:${config.port}`, ms: Math.round(performance.now() - startedAt) },
    'shop is open',
  );
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
