import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { PROJECT_ROOT } from '../project-root';
import type { PgliteClient } from './pglite-thread';

/**
 * A first start on PGlite used to spend most of its time migrating and seeding a new cluster. The
 * build keeps a dump of a cluster that is already migrated and seeded with the demo catalogue; a
 * new database starts from it, and `redateDemo` moves its dates to the moment of that first start
 * (new products, running promotions and coupons are relative to it). The dump's name carries a
 * fingerprint of everything that shapes its contents, so a changed migration or seed file is
 * never served from an old dump: it is simply not found, and the slow path runs.
 */
const ROOT = PROJECT_ROOT;
const BUILD_DIR = join(ROOT, 'build');
const PREFIX = 'pglite-demo-';

/** The files whose contents decide what a migrated, seeded database holds. */
const SOURCES = [
  'drizzle',
  'seed/catalogue',
  'seed/media',
  'src/server/db',
  'src/server/modules/catalogue/description.ts',
  'src/shared/media.ts',
  'src/shared/rich-text.ts',
];

function filesUnder(path: string): string[] {
  const full = join(ROOT, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [full];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !e.name.endsWith('.test.ts'))
    .map((e) => join(e.parentPath, e.name));
}

/** Hash of the migration, seed and schema sources and the PGlite version. */
export function demoFingerprint(): string {
  const hash = createHash('sha256');
  const pglite = JSON.parse(
    readFileSync(join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as { version: string };
  hash.update(`pglite ${pglite.version}\n`);
  for (const file of SOURCES.flatMap(filesUnder).sort()) {
    hash.update(`${relative(ROOT, file)}\n`);
    hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

export function demoDumpPath(fingerprint = demoFingerprint()): string {
  return join(BUILD_DIR, `${PREFIX}${fingerprint}.tar`);
}

/** The dump for the current sources, if the build made it. */
export function demoDumpFile(): string | undefined {
  const path = demoDumpPath();
  return existsSync(path) ? path : undefined;
}

/** Keeps `client`'s cluster as the demo dump for the current sources, replacing older ones. */
export async function saveDemoDump(client: Pick<PgliteClient, 'dumpDataDir'>): Promise<string> {
  const path = demoDumpPath();
  const dump = await client.dumpDataDir('none');
  mkdirSync(BUILD_DIR, { recursive: true });
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, path);
  for (const name of readdirSync(BUILD_DIR)) {
    if (name.startsWith(PREFIX) && join(BUILD_DIR, name) !== path)
      rmSync(join(BUILD_DIR, name), { force: true });
  }
  return path;
}
