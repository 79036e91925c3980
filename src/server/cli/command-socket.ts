import { chmodSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { runShopCommand, type ShopContext } from './shop-commands';

/**
 * The running server's door for the shop's command line (docs/decisions/006): while a server holds
 * an embedded database, `npm run shop` may not open it too, so it sends its command here and the
 * server runs it on its own connection. A Unix socket in the lock's folder, which only the shop's
 * user can enter (mode 0700): the same trust as DATA_DIR itself (SECURITY.md, "Out of scope").
 *
 * One request per connection, each a line of JSON: `{"argv":[…]}` in, `{"code","stdout","stderr"}` out.
 */

/** How the server names itself in its lock, so the command line knows it has a command socket. */
export const SERVER_HOLDER = 'the shop server';

/** What the server answered: the exit status and the lines the command printed. */
export interface CommandAnswer {
  code: number;
  stdout: string[];
  stderr: string[];
}

/** Unix socket paths are limited to 104 bytes (macOS; 108 on Linux), the terminating NUL included. */
const MAX_SOCKET_PATH_BYTES = 103;
const MAX_REQUEST_BYTES = 64 * 1024;
const MAX_ARGS = 32;

/** Where the server holding the lock in `lockFolder` listens for commands. */
export function commandSocketOf(lockFolder: string): string {
  return join(lockFolder, 'shop.sock');
}

/** Whether a socket can live at `path` on this system; the server says so when it cannot. */
export function socketPathFits(path: string): boolean {
  return Buffer.byteLength(path) <= MAX_SOCKET_PATH_BYTES;
}

/**
 * The server's command socket, when it runs on PGlite files: in the folder of its lock on them.
 * None on PostgreSQL (the command line opens its own connections there) or in memory.
 */
export async function listenForShopCommands(
  database: Database,
  deps: { config: Config; clock: Clock; log: FastifyBaseLogger },
): Promise<{ close(): Promise<void> } | undefined> {
  if (!database.lockFolder) return undefined;
  const path = commandSocketOf(database.lockFolder);
  if (!socketPathFits(path)) {
    deps.log.warn(
      { path },
      'DATA_DIR is too long a path for a Unix socket: `npm run shop` cannot reach this server',
    );
    return undefined;
  }
  try {
    return await serveShopCommands(path, (print) => ({ database, ...deps, print }), deps.log);
  } catch (err) {
    // The shop serves without it; the command line then says it cannot reach the server.
    deps.log.warn({ err, path }, 'no command socket: `npm run shop` cannot reach this server');
    return undefined;
  }
}

/**
 * Listens at `path` for the shop's commands and runs each with `contextFor` until closed. Call
 * only while holding the database's lock: a socket file left at `path` is then a dead owner's.
 */
export async function serveShopCommands(
  path: string,
  contextFor: (print: (line: string) => void) => ShopContext,
  log: FastifyBaseLogger,
): Promise<{ close(): Promise<void> }> {
  rmSync(path, { force: true });
  const open = new Set<Socket>();
  const running = new Set<Promise<void>>();
  const server = createServer((socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    socket.on('error', () => undefined);
    readRequest(socket, (argv) => {
      const run = answer(argv, contextFor, log).then((reply) => {
        socket.end(`${JSON.stringify(reply)}\n`);
      });
      running.add(run);
      void run.finally(() => running.delete(run));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(path, 0o600);
  return {
    async close() {
      const closed = new Promise((resolve) => server.close(resolve));
      // A command under way finishes before the database closes under it.
      await Promise.allSettled([...running]);
      for (const socket of open) socket.destroy();
      await closed;
      rmSync(path, { force: true });
    },
  };
}

async function answer(
  argv: string[],
  contextFor: (print: (line: string) => void) => ShopContext,
  log: FastifyBaseLogger,
): Promise<CommandAnswer> {
  const reply: CommandAnswer = { code: 1, stdout: [], stderr: [] };
  try {
    const ctx = contextFor((line) => reply.stdout.push(line));
    reply.code = await runShopCommand(argv, ctx, (message) => reply.stderr.push(message));
  } catch (err) {
    log.error({ err }, 'shop command failed');
    reply.stderr.push(`the server could not run it: ${(err as Error).message}`);
  }
  // The command's name only: arguments may one day hold what a log must not.
  log.info({ command: argv[0], code: reply.code }, 'shop command');
  return reply;
}

/** Reads one request line; anything else (too long, not JSON, not a list of texts) closes the connection. */
function readRequest(socket: Socket, handle: (argv: string[]) => void): void {
  let received = '';
  socket.setEncoding('utf8');
  const onData = (chunk: string) => {
    received += chunk;
    const end = received.indexOf('\n');
    if (end < 0) {
      if (received.length > MAX_REQUEST_BYTES) socket.destroy();
      return;
    }
    socket.off('data', onData);
    const argv = argvOf(received.slice(0, end));
    if (argv) handle(argv);
    else socket.destroy();
  };
  socket.on('data', onData);
}

function argvOf(line: string): string[] | undefined {
  try {
    const { argv } = JSON.parse(line) as { argv?: unknown };
    if (!Array.isArray(argv) || argv.length > MAX_ARGS) return undefined;
    return argv.every((a) => typeof a === 'string') ? (argv as string[]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sends a command to the server listening at `path` and answers what it said; undefined when no
 * server listens there. Throws when the connection breaks before the answer: the command may or
 * may not have run.
 */
export function sendShopCommand(path: string, argv: readonly string[]): Promise<CommandAnswer | undefined> {
  if (!socketPathFits(path)) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    let connected = false;
    let received = '';
    const socket = createConnection(path, () => {
      connected = true;
      socket.write(`${JSON.stringify({ argv })}\n`);
    });
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (!connected) resolve(undefined);
      else reject(brokenOff(err.message));
    });
    socket.on('end', () => {
      try {
        resolve(JSON.parse(received) as CommandAnswer);
      } catch {
        reject(brokenOff('no answer'));
      }
    });
    // After an answer or an error this changes nothing; otherwise it ends the wait.
    socket.on('close', () => reject(brokenOff('connection closed')));
  });
}

function brokenOff(why: string): Error {
  return new Error(
    `The server stopped answering (${why}): the command may or may not have run. Check with \`npm run shop -- show ORDER\`.`,
  );
}
