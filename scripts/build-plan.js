// @ts-check
/**
 * What `npm start` needs built, and when it is out of date. Plain JavaScript, because `npm start`
 * reads it before anything is compiled and without tsx (scripts/start.js); the build itself
 * (scripts/build.ts, under tsx) uses the same table.
 *
 * The rule (make's): a part is rebuilt when one of its outputs is missing, when it has never been
 * built here (no stamp in dist/.stamps/), or when a file or folder among its inputs was modified
 * after its last build started. Folders count so that a deleted or renamed file is noticed (its
 * folder's time changes); test files (`*.test.ts`, `*.test.tsx`) do not, since no build contains
 * them. Editing, `git pull`, `git checkout` and `npm install` all leave newer times; a copy that
 * keeps old times (`cp -p`, `rsync -t`, an unpacked archive) is not noticed: `npm run build`
 * rebuilds everything.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STAMPS = 'dist/.stamps';
const TEST_FILE = /\.test\.tsx?$/;

/**
 * @typedef {'media' | 'dump' | 'web' | 'server'} PartName
 * @typedef {{ inputs: string[], outputs: string[] }} Part
 */

/** @type {Record<PartName, Part>} In build order. Outputs may end in `*` (any file so named). */
export const PARTS = {
  // The catalogue's drawn pictures; only missing ones are drawn (their names carry a hash of the art).
  media: {
    inputs: ['seed/media', 'seed/catalogue', 'src/shared/media.ts', 'scripts/build-steps.ts'],
    outputs: ['build/media/*'],
  },
  // The migrated, seeded PGlite dump a first start loads (src/server/db/demo-dump.ts). Its name
  // carries a fingerprint of the files that shape it, checked when this part runs, so here any
  // server change is enough to look again (cheap when the fingerprint matches).
  dump: {
    inputs: ['drizzle', 'seed', 'src/server', 'src/shared', 'scripts/build-steps.ts', 'package-lock.json'],
    outputs: ['build/pglite-empty-cluster.tar', 'build/pglite-demo-*'],
  },
  web: {
    inputs: [
      'src/web',
      'src/admin',
      'src/shared',
      'public',
      'vite.config.ts',
      'tsconfig.json',
      'scripts/build-steps.ts',
      'package.json',
      'package-lock.json',
    ],
    outputs: ['dist/web/index.html', 'dist/web/admin/index.html'],
  },
  server: {
    inputs: [
      'src/server',
      'src/shared',
      'seed',
      'scripts/build-server.ts',
      'tsconfig.json',
      'package.json',
      'package-lock.json',
    ],
    outputs: ['dist/server/server.js'],
  },
};

/** @param {string} path */
function mtimeMs(path) {
  return statSync(path).mtimeMs;
}

/** Whether `path` (a file, or a folder and everything in it) was modified after `since`. */
function changedSince(/** @type {string} */ path, /** @type {number} */ since) {
  if (!existsSync(path)) return false;
  if (mtimeMs(path) > since) return true;
  if (!statSync(path).isDirectory()) return false;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const child = join(path, entry.name);
    if (
      entry.isDirectory() ? changedSince(child, since) : !TEST_FILE.test(entry.name) && mtimeMs(child) > since
    )
      return true;
  }
  return false;
}

/** @param {string} root @param {string} output */
function outputExists(root, output) {
  const path = join(root, output);
  if (!output.endsWith('*')) return existsSync(path);
  const dir = dirname(path);
  const prefix = basename(path).slice(0, -1);
  return existsSync(dir) && readdirSync(dir).some((name) => name.startsWith(prefix));
}

/** @param {PartName} name @param {string} root the checkout (another one in tests) */
export function isStale(name, root = ROOT) {
  const part = PARTS[name];
  const stamp = join(root, STAMPS, name);
  if (!existsSync(stamp) || !part.outputs.every((output) => outputExists(root, output))) return true;
  const builtAt = mtimeMs(stamp);
  return part.inputs.some((input) => changedSince(join(root, input), builtAt));
}

/** @returns {PartName[]} */
export function staleParts(root = ROOT) {
  return /** @type {PartName[]} */ (Object.keys(PARTS)).filter((name) => isStale(name, root));
}

/** Records that `name` was built from the inputs as they were at `startedAt` (ms since the epoch). */
export function stamp(/** @type {PartName} */ name, /** @type {number} */ startedAt, root = ROOT) {
  mkdirSync(join(root, STAMPS), { recursive: true });
  const path = join(root, STAMPS, name);
  writeFileSync(path, `${new Date(startedAt).toISOString()}\n`);
  utimesSync(path, startedAt / 1000, startedAt / 1000);
}

/**
 * Parts whose outputs or stamp are missing, whatever their sources' times: what a tree meant to be
 * prebuilt (PREBUILT=1) lacks. Copying a built tree, or `git clone` and then copying dist/ and
 * build/ in, gives the sources newer times than the stamps; such a tree is still complete.
 * @returns {PartName[]}
 */
export function missingParts(root = ROOT) {
  return /** @type {PartName[]} */ (Object.keys(PARTS)).filter(
    (name) =>
      !existsSync(join(root, STAMPS, name)) ||
      !PARTS[name].outputs.every((output) => outputExists(root, output)),
  );
}

/**
 * Whether `PREBUILT` (read by scripts/start.js) says the tree was built elsewhere: `1` or `true`;
 * unset, empty, `0` or `false` say it was not. Anything else is refused rather than guessed.
 * @param {string | undefined} value
 */
export function parsePrebuilt(value) {
  if (value === undefined || ['', '0', 'false'].includes(value)) return false;
  if (['1', 'true'].includes(value)) return true;
  throw new Error(`PREBUILT must be 1 or 0 (or true, false), not "${value}"`);
}

/**
 * Builds the stale parts (of `only`, if given) in a child process (`node --import tsx
 * scripts/build.ts --if-stale <parts>`), so Vite, sharp and the seed leave with it; returns once it
 * has finished, and throws if it failed. The child takes the checkout's build lock and looks again,
 * so of several processes starting at once on a fresh tree one builds and the others wait for it.
 * `prebuilt` (PREBUILT=1): never builds, and throws naming the parts that are missing.
 * @param {PartName[]} [only]
 * @param {{ prebuilt?: boolean, root?: string }} [options]
 */
export function buildStaleParts(only, options = {}) {
  const root = options.root ?? ROOT;
  if (options.prebuilt) {
    const missing = missingParts(root).filter((name) => !only || only.includes(name));
    if (missing.length > 0)
      throw new Error(
        `PREBUILT is set but this tree lacks ${missing.join(', ')} (docs/architecture.md §3): ` +
          'run `npm run build` where the sources and dev dependencies are, then copy dist/ and build/ here',
      );
    return;
  }
  const stale = staleParts(root).filter((name) => !only || only.includes(name));
  if (stale.length === 0) return;
  const child = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--if-stale', ...stale], {
    cwd: root,
    stdio: 'inherit',
  });
  if (child.status !== 0)
    throw new Error(`building ${stale.join(', ')} failed (${child.status ?? child.signal})`);
}

/**
 * `npm start`'s build (scripts/start.js): as buildStaleParts, but returns as soon as the build says
 * the shop can open (the dumps, the web app and the server built) while it goes on drawing the
 * pictures in its child process (docs/decisions/033), which ends with this process.
 * @param {{ prebuilt?: boolean, root?: string }} [options]
 * @returns {Promise<void>}
 */
export function buildForStart(options = {}) {
  const root = options.root ?? ROOT;
  if (options.prebuilt) return Promise.resolve(buildStaleParts(undefined, options));
  const stale = staleParts(root);
  if (stale.length === 0) return Promise.resolve();
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--if-stale', ...stale], {
    cwd: root,
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let ready = false;
    child.once('message', () => {
      ready = true;
      // Drawing goes on: neither the child nor its channel keeps this process alive.
      child.unref();
      child.channel?.unref();
      resolve();
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0 && !ready) resolve();
      else if (!ready) reject(new Error(`building ${stale.join(', ')} failed (${code ?? signal})`));
      else if (code !== 0)
        console.error(`drawing the pictures failed (${code ?? signal}): the next start draws the rest`);
    });
  });
}
