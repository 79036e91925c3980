import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/**
 * One process at a time on an embedded database (docs/decisions/006): each PGlite is a whole
 * PostgreSQL server with its own buffers, write-ahead log position and control file, so two
 * processes on one folder overwrite each other's pages; a user and ten paid orders made through
 * one were gone after both stopped. The owner is recorded in `<folder>.lock/owner.<generation>`; the highest
 * generation is the lock. A new owner claims the next generation with link(), which fails when
 * the name exists, so of several processes claiming at once exactly one gets it, and a lock left
 * by a killed process is taken over the same way.
 */

/** Who holds an embedded database, as written in its lock. */
export interface LockOwner {
  pid: number;
  hostname: string;
  /** What the process is, for the message another process prints ("the shop server"). */
  holder: string;
  /** When it took the lock (ISO time), for people reading the message. */
  since: string;
  /** Linux: the kernel's boot id and the process's start time, so a reused pid is not taken for the owner. */
  bootId?: string;
  startTicks?: string;
  /** Written on close: the database is free. */
  released?: true;
}

/** The database folder is open in another live process (or one on another machine). */
export class DatabaseInUse extends Error {
  constructor(
    readonly folder: string,
    readonly owner: LockOwner,
    readonly onThisMachine: boolean,
  ) {
    super(inUseMessage(folder, owner, onThisMachine));
    this.name = 'DatabaseInUse';
  }
}

export interface ProcessLock {
  /** The lock's folder (`<database folder>.lock`): also where the owner's command socket lives. */
  readonly folder: string;
  /** Marks the database free; a no-op the second time. */
  release(): void;
}

const OWNER = /^owner\.(\d+)$/;

/** The folder that holds the lock of the embedded database in `databaseFolder`. */
export function lockFolderOf(databaseFolder: string): string {
  return `${databaseFolder}.lock`;
}

/**
 * Takes the lock of the embedded database in `databaseFolder` for this process, or throws
 * `DatabaseInUse` naming its owner. A lock whose process has gone (killed, machine restarted, or
 * its pid now another process's) is taken over.
 */
export function acquireProcessLock(databaseFolder: string, holder: string): ProcessLock {
  const folder = lockFolderOf(databaseFolder);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const me = ownerRecord(holder);
  for (;;) {
    const newest = newestGeneration(folder);
    if (newest > 0) {
      const owner = readOwner(folder, newest);
      if (owner === undefined) continue; // cleared by a newer owner meanwhile: look again
      const state = stateOf(owner);
      if (state !== 'free') throw new DatabaseInUse(databaseFolder, owner, state === 'alive');
    }
    const generation = newest + 1;
    if (!writeNew(folder, `owner.${generation}`, me)) continue; // another process claimed it first
    // A claim made from an old look at the folder can land below a newer owner's: that one holds.
    if (newestGeneration(folder) !== generation) {
      rmSync(join(folder, `owner.${generation}`), { force: true });
      continue;
    }
    clearOlderGenerations(folder, generation);
    // The command socket lives here: only this user may reach it (SECURITY.md, "Out of scope").
    chmodSync(folder, 0o700);
    let released = false;
    return {
      folder,
      release() {
        if (released) return;
        released = true;
        try {
          // Replaced, never removed: the newest generation must stay the newest (see above).
          replace(folder, `owner.${generation}`, { ...me, released: true });
        } catch (err) {
          // Someone removed the lock's folder: there is nothing left to release.
          if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        }
      },
    };
  }
}

/** Whether the lock's process still runs: `elsewhere` when it ran on another machine, which this one cannot see. */
function stateOf(owner: LockOwner): 'alive' | 'free' | 'elsewhere' {
  if (owner.released) return 'free';
  if (owner.hostname !== hostname()) return 'elsewhere';
  const boot = currentBootId();
  if (owner.bootId && boot && owner.bootId !== boot) return 'free';
  if (!Number.isInteger(owner.pid) || owner.pid <= 0 || !processExists(owner.pid)) return 'free';
  const ticks = startTicksOf(owner.pid);
  if (owner.startTicks && ticks && owner.startTicks !== ticks) return 'free';
  return 'alive';
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks since boot (Linux only). */
function startTicksOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count from after it.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function currentBootId(): string | undefined {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return undefined;
  }
}

function ownerRecord(holder: string): LockOwner {
  return {
    pid: process.pid,
    hostname: hostname(),
    holder,
    since: new Date().toISOString(),
    bootId: currentBootId(),
    startTicks: startTicksOf(process.pid),
  };
}

function newestGeneration(folder: string): number {
  let newest = 0;
  for (const name of readdirSync(folder)) {
    const generation = Number(OWNER.exec(name)?.[1] ?? 0);
    if (generation > newest) newest = generation;
  }
  return newest;
}

/** The owner in one generation; undefined when that file is gone. A file that is not ours reads as released. */
function readOwner(folder: string, generation: number): LockOwner | undefined {
  let text: string;
  try {
    text = readFileSync(join(folder, `owner.${generation}`), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  try {
    return JSON.parse(text) as LockOwner;
  } catch {
    return { pid: 0, hostname: hostname(), holder: 'unknown', since: '', released: true };
  }
}

/** A file in `folder` holding `owner`, written whole elsewhere first so no reader sees half of it. */
function writeTemp(folder: string, owner: LockOwner): string {
  const temp = join(folder, `claim.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  writeFileSync(temp, `${JSON.stringify(owner)}\n`, { mode: 0o600 });
  return temp;
}

/** Creates `name` holding `owner` unless it exists (link() refuses an existing name atomically). */
function writeNew(folder: string, name: string, owner: LockOwner): boolean {
  const temp = writeTemp(folder, owner);
  try {
    linkSync(temp, join(folder, name));
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    rmSync(temp, { force: true });
  }
}

function replace(folder: string, name: string, owner: LockOwner): void {
  renameSync(writeTemp(folder, owner), join(folder, name));
}

/** Older generations say nothing any more; claim files of processes that died mid-claim neither. */
function clearOlderGenerations(folder: string, generation: number): void {
  for (const name of readdirSync(folder)) {
    const older = Number(OWNER.exec(name)?.[1] ?? generation) < generation;
    const claimPid = Number(/^claim\.(\d+)\./.exec(name)?.[1] ?? 0);
    if (older || (claimPid > 0 && !processExists(claimPid))) rmSync(join(folder, name), { force: true });
  }
}

function inUseMessage(folder: string, owner: LockOwner, onThisMachine: boolean): string {
  const who = `${owner.holder}, pid ${owner.pid}${onThisMachine ? '' : ` on ${owner.hostname}`}, since ${owner.since}`;
  const lines = [
    `The embedded database in ${folder} is open in another process (${who}).`,
    'An embedded (PGlite) database can be used by one process at a time: stop that process first,',
    'or run several processes on PostgreSQL (DATABASE_URL=postgres://…, see "Running on PostgreSQL" in README.md).',
  ];
  if (!onThisMachine) {
    lines.push(`If ${owner.hostname} no longer runs it, remove ${lockFolderOf(folder)} and start again.`);
  }
  return lines.join('\n');
}
