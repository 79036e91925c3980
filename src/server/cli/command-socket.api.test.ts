import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../tests/helpers/test-database';
import { ManualClock } from '../clock';
import { loadConfig } from '../config';
import { commandSocketOf, sendShopCommand, serveShopCommands } from './command-socket';
import { shopUsage } from './shop-commands';

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let folder: string;
let path: string;
let door: { close(): Promise<void> };
const logs: string[] = [];

beforeAll(async () => {
  fresh = await freshDatabase();
  folder = await mkdtemp(join(tmpdir(), 'shop-socket-'));
  path = commandSocketOf(folder);
  const log = pino({ level: 'info' }, { write: (line: string) => void logs.push(line) });
  const config = loadConfig({ DATA_DIR: folder });
  const clock = new ManualClock();
  door = await serveShopCommands(
    path,
    (print) => ({ database: fresh.database, config, clock, log, print }),
    log,
  );
});

afterAll(async () => {
  await door?.close();
  await fresh?.drop();
  await rm(folder, { recursive: true, force: true });
});

/** Writes raw bytes to the socket and answers whatever comes back before it closes. */
function rawExchange(bytes: string): Promise<string> {
  return new Promise((resolve) => {
    let received = '';
    const socket = createConnection(path, () => socket.write(bytes));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(received));
  });
}

describe("the server's door for the shop's command line", () => {
  it('runs a command as the command line would and answers its output and exit status', async () => {
    expect(await sendShopCommand(path, ['orders', 'refunded'])).toEqual({
      code: 0,
      stdout: ['no orders'],
      stderr: [],
    });
    expect(await sendShopCommand(path, ['show', '42'])).toEqual({
      code: 1,
      stdout: [],
      stderr: ['This order does not exist.'],
    });
    expect(await sendShopCommand(path, ['launch'])).toEqual({
      code: 2,
      stdout: [],
      stderr: [`unknown command launch\n\n${shopUsage()}`],
    });
    expect(await sendShopCommand(path, ['orders', 'lost'])).toMatchObject({ code: 2, stdout: [] });
  });

  it('logs the command and its status, never its arguments', async () => {
    await sendShopCommand(path, ['show', '7777777777']);
    const line = logs.map((l) => JSON.parse(l)).find((l) => l.msg === 'shop command' && l.command === 'show');
    expect(line).toMatchObject({ command: 'show', code: 1 });
    expect(logs.join('\n')).not.toContain('7777777777');
  });

  it('closes the connection on anything but one line of JSON with a list of texts, and keeps serving', async () => {
    for (const bad of [
      'not json\n',
      '{"argv":"orders"}\n',
      '{"argv":[1,2]}\n',
      `{"argv":${JSON.stringify(Array(40).fill('x'))}}\n`,
    ]) {
      expect(await rawExchange(bad)).toBe('');
    }
    expect(await rawExchange(`{"argv":["${'x'.repeat(70_000)}`)).toBe('');
    expect(await sendShopCommand(path, ['orders', 'refunded'])).toMatchObject({ code: 0 });
  });

  it('is reachable by the shop’s own user only, and gone once closed', async () => {
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const other = join(folder, 'other.sock');
    const config = loadConfig({ DATA_DIR: folder });
    const log = pino({ level: 'silent' });
    const closing = await serveShopCommands(
      other,
      (print) => ({ database: fresh.database, config, clock: new ManualClock(), log, print }),
      log,
    );
    await closing.close();
    expect(existsSync(other)).toBe(false);
    expect(await sendShopCommand(other, ['orders'])).toBeUndefined();
  });
});
