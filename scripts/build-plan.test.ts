import { mkdirSync, mkdtempSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildStaleParts,
  missingParts,
  PARTS,
  type PartName,
  parsePrebuilt,
  staleParts,
  stamp,
} from './build-plan.js';

/** Times are set explicitly (seconds since the epoch): nothing here depends on the clock. */
const BUILT = 1_800_000_000;
const BEFORE = BUILT - 60;
const AFTER = BUILT + 60;

let root: string;

function write(path: string, at = BEFORE): void {
  const full = join(root, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, path);
  utimesSync(full, at, at);
}

/** Every folder's time set to `at`, as if nothing were added or removed since. */
function settle(): void {
  for (const sub of [
    'src',
    'src/web',
    'src/admin',
    'src/shared',
    'src/server',
    'src/server/db',
    'seed',
    'seed/media',
    'seed/catalogue',
    'drizzle',
    'public',
    'build',
    'build/media',
    'dist',
    'dist/web',
    'dist/web/admin',
    'dist/server',
  ])
    utimesSync(join(root, sub), BEFORE, BEFORE);
}

/** A checkout where every part was built at BUILT from sources older than that. */
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'build-plan-'));
  for (const file of [
    'src/web/main.tsx',
    'src/admin/main.tsx',
    'src/shared/money.ts',
    'src/server/server.ts',
    'src/server/db/seed.ts',
    'seed/media/scene.ts',
    'seed/catalogue/index.ts',
    'drizzle/0000_init.sql',
    'public/favicon.svg',
    'package.json',
    'package-lock.json',
    'vite.config.ts',
    'scripts/build-server.ts',
    'build/media/a-96.webp',
    'build/pglite-empty-cluster.tar',
    'build/pglite-demo-0123.tar',
    'dist/web/index.html',
    'dist/web/admin/index.html',
    'dist/server/server.js',
  ])
    write(file);
  for (const name of Object.keys(PARTS) as PartName[]) stamp(name, BUILT * 1000, root);
  settle();
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('staleParts', () => {
  it('finds nothing to build when every output is there and newer than its sources', () => {
    expect(staleParts(root)).toEqual([]);
  });

  it('rebuilds only the parts whose sources changed after their build', () => {
    write('src/web/main.tsx', AFTER);
    expect(staleParts(root)).toEqual(['web']);
    write('src/shared/money.ts', AFTER);
    expect(staleParts(root)).toEqual(['dump', 'web', 'server']);
  });

  it('notices a deleted source by its folder', () => {
    unlinkSync(join(root, 'seed/catalogue/index.ts'));
    utimesSync(join(root, 'seed/catalogue'), AFTER, AFTER);
    expect(staleParts(root)).toEqual(['media', 'dump', 'server']);
  });

  it('ignores a changed test file', () => {
    write('src/server/db/seed.test.ts', AFTER);
    utimesSync(join(root, 'src/server/db'), BEFORE, BEFORE);
    expect(staleParts(root)).toEqual([]);
  });

  it('rebuilds a part whose output is missing or which was never stamped', () => {
    unlinkSync(join(root, 'dist/server/server.js'));
    unlinkSync(join(root, 'build/pglite-demo-0123.tar'));
    expect(staleParts(root)).toEqual(['dump', 'server']);
    rmSync(join(root, 'dist/.stamps/web'));
    expect(staleParts(root)).toEqual(['dump', 'web', 'server']);
  });
});

describe('a prebuilt tree (PREBUILT=1)', () => {
  it('is complete when every output and stamp is there, however new its sources look', () => {
    // As after `git clone` and copying dist/ and build/ in: every source newer than the stamps.
    write('src/server/server.ts', AFTER);
    write('seed/catalogue/index.ts', AFTER);
    expect(staleParts(root)).toEqual(['media', 'dump', 'server']);
    expect(missingParts(root)).toEqual([]);
    // It would build otherwise, and this tree has no scripts/build.ts to build with: it never tries.
    expect(() => buildStaleParts(undefined, { prebuilt: true, root })).not.toThrow();
  });

  it('refuses to start without a part, naming it, instead of building it', () => {
    rmSync(join(root, 'build/media'), { recursive: true });
    rmSync(join(root, 'dist/.stamps/web'));
    expect(missingParts(root)).toEqual(['media', 'web']);
    expect(() => buildStaleParts(undefined, { prebuilt: true, root })).toThrow(
      /PREBUILT is set but this tree lacks media, web .*npm run build/,
    );
  });

  it('reads the setting strictly', () => {
    expect([undefined, '', '0', 'false'].map(parsePrebuilt)).toEqual([false, false, false, false]);
    expect(['1', 'true'].map(parsePrebuilt)).toEqual([true, true]);
    expect(() => parsePrebuilt('yes')).toThrow('PREBUILT must be 1 or 0');
  });
});
