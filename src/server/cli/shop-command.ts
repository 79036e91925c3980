import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { GatewayLog } from '../gateways/gateway';

/**
 * What a command of the shop's command line runs against. The same in both places a command runs:
 * the `npm run shop` process with the database opened itself, and a running server that received
 * it on its command socket (command-socket.ts).
 */
export interface ShopContext {
  database: Database;
  config: Config;
  clock: Clock;
  /** Where the gateways (for refunds) log. */
  log: GatewayLog;
  /** A line for the owner to read (standard output). */
  print(line: string): void;
}

export interface ShopCommand {
  /** The arguments, as the usage shows them. */
  args: string;
  /** What it does, as the usage shows it (continuation lines indented by the usage). */
  does: string[];
  run(ctx: ShopContext, args: string[]): Promise<void>;
}

/** A command's argument is missing or wrong: said with the usage, exit status 2. */
export class UsageError extends Error {}

/**
 * Why the command line refuses to run here, or null. With `DATABASE_URL=memory:` each process has
 * its own database that ends with it: a staff member made, or an order changed, from the command
 * line would vanish as it exits, and a set-password link it printed would never work.
 */
export function refusalFor(database: Config['database']): string | null {
  if (database.kind !== 'memory') return null;
  return [
    'The shop command line does not run with DATABASE_URL=memory:.',
    'That database lives only inside one process and is thrown away when it exits, so whatever this command',
    'changed (a staff member, their set-password link, an order) would be gone at once; the running server',
    'has its own memory database this command cannot reach.',
    'Set DATA_DIR (PGlite files) or DATABASE_URL=postgres://… for the server and the command line alike.',
  ].join('\n');
}
