import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireProcessLock, DatabaseInUse, type LockOwner, lockFolderOf } from './process-lock';

let root: string;
let database: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'shop-lock-'));
  database = join(root, 'db');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const onLinux = existsSync('/proc/self/stat');

/** A lock as another process would have left it in generation `n`. */
function leaveLock(n: number, owner: Partial<LockOwner>): void {
  const folder = lockFolderOf(database);
  mkdirSync(folder, { recursive: true });
  const record = {
    pid: process.pid,
    hostname: hostname(),
    holder: 'the shop server',
    since: 'then',
    ...owner,
  };
  writeFileSync(join(folder, `owner.${n}`), JSON.stringify(record));
}

/** The pid of a process that has already exited. */
function deadPid(): number {
  const { pid } = spawnSync(process.execPath, ['-e', '']);
  if (!pid) throw new Error('no child');
  return pid;
}

function refusal(): DatabaseInUse {
  try {
    acquireProcessLock(database, 'the shop command line').release();
  } catch (err) {
    if (err instanceof DatabaseInUse) return err;
    throw err;
  }
  throw new Error('the lock was taken');
}

const generations = () => readdirSync(lockFolderOf(database)).filter((n) => n.startsWith('owner.'));

describe('the lock on an embedded database', () => {
  it('refuses a second owner while the first lives, naming the folder, the owner and PostgreSQL', () => {
    const lock = acquireProcessLock(database, 'the shop server');
    const err = refusal();
    expect(err.onThisMachine).toBe(true);
    expect(err.message).toContain(`The embedded database in ${database} is open in another process`);
    expect(err.message).toContain(`the shop server, pid ${process.pid}`);
    expect(err.message).toContain('DATABASE_URL=postgres://');
    lock.release();
    acquireProcessLock(database, 'the shop command line').release();
  });

  it('is kept only by its owner: the folder is private and the record says who', () => {
    const lock = acquireProcessLock(database, 'the shop server');
    const folder = lockFolderOf(database);
    expect(lock.folder).toBe(folder);
    expect(readdirSync(root).sort()).toEqual(['db.lock']);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    const [file] = generations();
    const owner = JSON.parse(readFileSync(join(folder, file ?? ''), 'utf8')) as LockOwner;
    expect(owner).toMatchObject({ pid: process.pid, hostname: hostname(), holder: 'the shop server' });
    lock.release();
    expect(JSON.parse(readFileSync(join(folder, file ?? ''), 'utf8'))).toMatchObject({ released: true });
  });

  it('takes over a lock whose process has died, and clears the old one', () => {
    leaveLock(4, { pid: deadPid() });
    const lock = acquireProcessLock(database, 'the shop server');
    expect(generations()).toEqual(['owner.5']);
    lock.release();
  });

  it.runIf(onLinux)('takes over a lock whose pid now belongs to another process', () => {
    // This process's pid, but a start time that is not its own: the owner died and the pid came back.
    leaveLock(1, { startTicks: '1' });
    acquireProcessLock(database, 'the shop server').release();
  });

  it.runIf(onLinux)('takes over a lock from before the machine restarted', () => {
    leaveLock(1, { bootId: '00000000-0000-0000-0000-000000000000' });
    acquireProcessLock(database, 'the shop server').release();
  });

  it('goes by the newest generation only', () => {
    leaveLock(2, { pid: deadPid() });
    leaveLock(7, {});
    expect(refusal().owner.since).toBe('then');
  });

  it('refuses a lock held on another machine, which it cannot see, and says how to free it', () => {
    const pid = deadPid();
    leaveLock(1, { hostname: 'elsewhere', pid });
    const err = refusal();
    expect(err.onThisMachine).toBe(false);
    expect(err.message).toContain(`pid ${pid} on elsewhere`);
    expect(err.message).toContain(`If elsewhere no longer runs it, remove ${lockFolderOf(database)}`);
  });

  it('takes over a record it cannot read (not one this shop wrote whole)', () => {
    mkdirSync(lockFolderOf(database), { recursive: true });
    writeFileSync(join(lockFolderOf(database), 'owner.3'), '{"pid":');
    acquireProcessLock(database, 'the shop server').release();
    expect(generations()).toEqual(['owner.4']);
  });
});
