import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products as demoProducts } from '../../seed/catalogue/index';
import { adminQuery, withDatabase } from '../helpers/test-database';
import { freePort, type ShopProcess, startShopProcess } from './shop-process';

/**
 * Three compiled servers (`node dist/server/server.js`, as a supervisor starts them from a built
 * tree) started at the same moment on one empty PostgreSQL database, each with a data folder of its
 * own as if on three machines: one migrates and seeds while the others wait for it (prepare.ts,
 * the database-wide lock), and all three then serve the same demo catalogue, loaded once.
 */

const SHOP_SECRET = 'first-start-together-secret-0123456789abcdef';
const pgUrl = process.env.TEST_DATABASE_URL ?? '';
const name = `shop_first_${process.pid}`;
let folders: string[] = [];
let servers: ShopProcess[] = [];

async function rowsOf<T>(sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: withDatabase(pgUrl, name) });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

describe.skipIf(!pgUrl)('three processes starting together on an empty PostgreSQL', () => {
  beforeAll(async () => {
    await adminQuery(pgUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await adminQuery(pgUrl, `CREATE DATABASE ${name}`);
    folders = await Promise.all([1, 2, 3].map((i) => mkdtemp(join(tmpdir(), `first-start-${i}-`))));
    const ports: number[] = [];
    for (const _ of folders) ports.push(await freePort());
    servers = await Promise.all(
      folders.map((dir, i) =>
        startShopProcess(ports[i] as number, {
          DATABASE_URL: withDatabase(pgUrl, name),
          DATA_DIR: dir,
          SEED: 'demo',
          SHOP_SECRET,
        }),
      ),
    );
  }, 240_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
    if (pgUrl) await adminQuery(pgUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('migrates once: every migration recorded a single time', async () => {
    const journal = JSON.parse(
      readFileSync(join(import.meta.dirname, '../../drizzle/meta/_journal.json'), 'utf8'),
    ).entries as unknown[];
    const [applied] = await rowsOf<{ all: string; distinct: string }>(
      'SELECT count(*) AS all, count(DISTINCT hash) AS distinct FROM drizzle.__drizzle_migrations',
    );
    expect(Number(applied?.all)).toBe(journal.length);
    expect(Number(applied?.distinct)).toBe(journal.length);
  });

  it('seeds once: the demo catalogue is there exactly once', async () => {
    const [count] = await rowsOf<{ n: string }>('SELECT count(*) AS n FROM products');
    expect(Number(count?.n)).toBe(demoProducts.length);
  });

  it('serves the same catalogue from every process', async () => {
    const pages = await Promise.all(
      servers.map(async (server) => {
        const res = await fetch(`${server.url}/api/index_product?page=1&page_size=20`, {
          headers: { 'x-requested-with': 'XMLHttpRequest' },
        });
        expect(res.status, server.stderr()).toBe(200);
        return JSON.stringify(((await res.json()) as { data: unknown }).data);
      }),
    );
    expect(new Set(pages).size).toBe(1);
    expect(demoProducts.some((product) => pages[0]?.includes(product.en_name))).toBe(true);
  });
});
