import pino from 'pino';
import { runShopCommand } from '#server/cli/shop-commands';
import type { TestApp } from './test-app';

/**
 * `npm run shop -- ARGS` run in this process, on the test app's database, configuration and clock
 * (an in-memory database cannot be reached from another process): its exit code and what it printed.
 */
export async function shopCommandIn(
  t: Pick<TestApp, 'database' | 'config' | 'clock'>,
  ...argv: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const ctx = {
    database: t.database,
    config: t.config,
    clock: t.clock,
    log: pino({ level: 'silent' }),
    print: (line: string) => void out.push(line),
  };
  const code = await runShopCommand(argv, ctx, (message) => void err.push(message));
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}
