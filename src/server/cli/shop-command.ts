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
