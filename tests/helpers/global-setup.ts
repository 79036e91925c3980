import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ManualClock } from '#server/clock';
import { openDatabase } from '#server/db/client';
import { prepareDatabase } from '#server/db/prepare';
import { buildStaleParts } from '../../scripts/build-plan.js';
import {
  adminQuery,
  TEMPLATE_ENV,
  TEST_PGLITE_THREAD,
  type TemplateRef,
  withDatabase,
} from './test-database';

/**
 * Migrates and seeds one database per test run and leaves it as a template: a PGlite dump by
 * default, a PostgreSQL template database when TEST_DATABASE_URL is set. Creating a PGlite
 * cluster takes seconds; loading a dump takes a fraction of that.
 */
export default async function setup(): Promise<() => Promise<void>> {
  // The fault suites run the compiled server (tests/fault/shop-process.ts), as `npm start` does:
  // built here when its sources changed since the last build (a few seconds; `npm test` has built it).
  buildStaleParts(['server']);
  const clock = new ManualClock();
  const pgUrl = process.env.TEST_DATABASE_URL;
  let ref: TemplateRef;
  let teardown = async () => {};
  if (pgUrl) {
    const name = `shop_tpl_${process.pid}`;
    await adminQuery(pgUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await adminQuery(pgUrl, `CREATE DATABASE ${name}`);
    const database = await openDatabase({ kind: 'postgres', url: withDatabase(pgUrl, name) });
    await prepareDatabase(database, { seed: 'demo' }, clock);
    await database.close();
    ref = { kind: 'postgres', location: name, url: pgUrl };
    teardown = () => adminQuery(pgUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } else {
    const database = await openDatabase({ kind: 'memory' }, { pgliteThread: TEST_PGLITE_THREAD });
    await prepareDatabase(database, { seed: 'demo' }, clock);
    if (!database.dumpDataDir) throw new Error('the test template needs PGlite');
    const dump = await database.dumpDataDir();
    await database.close();
    const dir = join(process.cwd(), '.tmp');
    mkdirSync(dir, { recursive: true });
    const location = join(dir, `pglite-template-${process.pid}.tar`);
    writeFileSync(location, Buffer.from(await dump.arrayBuffer()));
    ref = { kind: 'pglite', location };
    teardown = async () => rmSync(location, { force: true });
  }
  process.env[TEMPLATE_ENV] = JSON.stringify(ref);
  return teardown;
}
