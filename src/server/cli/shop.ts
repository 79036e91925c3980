import pino from 'pino';
import { wireDomainEvents } from '../app';
import { systemClock } from '../clock';
import { type Config, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { DatabaseInUse, lockFolderOf } from '../db/process-lock';
import { loggerOptions } from '../logging';
import { commandSocketOf, SERVER_HOLDER, sendShopCommand } from './command-socket';
import { refusalFor } from './shop-command';
import { isShopCommand, runShopCommand, shopUsage } from './shop-commands';

/**
 * The shop owner's command line: one command, then exit. On PGlite files it opens the database
 * itself when no other process has it; while the server has it, the command goes to the server's
 * command socket instead (docs/decisions/006), so the files are never open twice.
 */
async function main(argv: string[]): Promise<number> {
  const [command] = argv;
  if (command === 'help' || command === '--help') {
    console.log(shopUsage());
    return 0;
  }
  if (command === undefined || !isShopCommand(command)) {
    console.error(command === undefined ? shopUsage() : `unknown command ${command}\n\n${shopUsage()}`);
    return 2;
  }
  const config = loadConfig();
  const refusal = refusalFor(config.database);
  if (refusal) {
    console.error(refusal);
    return 2;
  }
  try {
    return await runHere(argv, config);
  } catch (err) {
    if (!(err instanceof DatabaseInUse) || !err.onThisMachine) throw err;
    const answer = await sendShopCommand(commandSocketOf(lockFolderOf(err.folder)), argv);
    if (!answer) throw new Error(`${err.message}\n${notListening(err)}`);
    for (const line of answer.stdout) console.log(line);
    for (const line of answer.stderr) console.error(line);
    return answer.code;
  }
}

/** Opens the database in this process (throws DatabaseInUse when another one has its files). */
async function runHere(argv: string[], config: Config): Promise<number> {
  const database = await openDatabase(config.database, {
    holder: 'the shop command line',
    pgliteThread: config.pgliteThread,
  });
  try {
    await runMigrations(database);
    // Order changes made here queue their mail as the server's do.
    wireDomainEvents();
    const log = pino(loggerOptions(config.logLevel), pino.destination(2));
    const ctx = { database, config, clock: systemClock, log, print: (line: string) => console.log(line) };
    return await runShopCommand(argv, ctx, (message) => console.error(message));
  } finally {
    await database.close();
  }
}

function notListening(err: DatabaseInUse): string {
  const socket = commandSocketOf(lockFolderOf(err.folder));
  return err.owner.holder === SERVER_HOLDER
    ? `The command line reaches a running server through ${socket}, which does not answer: the server may still be starting (try again in a moment), or DATA_DIR may be too long a path for a socket (see its log).`
    : 'Try again when it has finished.';
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
