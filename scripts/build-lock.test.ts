import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'build-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/**
 * What each process runs: under the lock, build unless built. The builder keeps the lock until the
 * two others have said they wait for it; without a lock they would not wait, and it would never end.
 */
const CHILD = `
import { appendFileSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
const { withBuildLock } = await import(${JSON.stringify(pathToFileURL(join(import.meta.dirname, 'build-lock.ts')).href)});
const dir = process.env.LOCK_TEST_DIR;
const log = (line) => appendFileSync(join(dir, 'log'), line + '\\n');
await withBuildLock(join(dir, 'build'), async () => {
  if (existsSync(join(dir, 'built'))) return log('found');
  while (readdirSync(dir).filter((name) => name.startsWith('waiting.')).length < 2) await sleep(20);
  writeFileSync(join(dir, 'built'), '');
  log('built');
}, { pollMs: 20, onWait: () => writeFileSync(join(dir, 'waiting.' + process.pid), '') });
`;

function runChild(): Promise<number | null> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', CHILD], {
    env: { ...process.env, LOCK_TEST_DIR: dir },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

it('lets one of three processes starting together build, the others wait and find it built', {
  timeout: 60_000,
}, async () => {
  const codes = await Promise.all([runChild(), runChild(), runChild()]);
  expect(codes).toEqual([0, 0, 0]);
  const lines = readFileSync(join(dir, 'log'), 'utf8').trim().split('\n').sort();
  expect(lines).toEqual(['built', 'found', 'found']);
});
