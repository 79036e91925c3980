import { request as httpRequest } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#server/db/schema';
import { withCatalogueChange } from '#server/modules/catalogue/catalogue.changes';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app';

/**
 * The lane in front of the router (answer-lane.ts). A catalogue URL asked for a second time over
 * HTTP is answered by the lane, and must be exactly what the router answers: `inject()` always goes
 * through the router, so it is the reference for status, headers and bytes, in every encoding, for
 * HEAD and for a matching If-None-Match. After a change the lane answers the new data; a product
 * gone goes back to the router and its 404.
 */
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await startTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t?.close());

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Headers that say when or over which connection, not what was answered. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

function comparable(headers: Record<string, string | string[] | number | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !PER_CONNECTION.has(name))
      .map(([name, value]) => [name, String(value)]),
  );
}

/** The raw answer over a real connection (no decompression), as a browser's bytes arrive. */
function overHttp(url: string, method = 'GET', headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${url}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: comparable(res.headers),
          body: Buffer.concat(chunks),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** What the router answers, the lane never asked. */
async function viaRouter(url: string, method = 'GET', headers: Record<string, string> = {}): Promise<Answer> {
  const res = await t.app.inject({ method: method as 'GET', url, headers });
  return { status: res.statusCode, headers: comparable(res.headers), body: res.rawPayload };
}

/** Asks over HTTP and says whether the lane answered. */
async function ask(url: string, method = 'GET', headers: Record<string, string> = {}) {
  const before = t.app.answerLane.served;
  const answer = await overHttp(url, method, headers);
  return { answer, byLane: t.app.answerLane.served > before };
}

function urlsOfTheDemo() {
  const s = t.app.catalogue.snapshot;
  const top = s.categories.find((c) => (s.categoryById.get(c.id)?.products.length ?? 0) > 0);
  const product = s.products[0];
  const promotion = [...s.promotionById.values()].find((p) => p.promotion.active);
  if (!top || !product || !promotion) throw new Error('the demo needs a category, a product and a promotion');
  return [
    '/api/index_banners',
    '/api/product_category',
    `/api/product_category?category_id=${top.id}`,
    '/api/all_plate',
    '/api/new_category',
    `/api/new_product?category_id=${top.id}&page=1&page_size=10000`,
    '/api/index_product?page=1&page_size=200',
    `/api/index_product?page=1&page_size=10000&category_id=${top.id}`,
    `/api/index_product?category_id=${top.id}&most_sold=true&page_size=8`,
    `/api/index_product/${product.card.uuid}`,
    '/api/index_promotion',
    `/api/index_promotion/${promotion.promotion.id}`,
  ];
}

describe('the lane in front of the router', () => {
  it('answers every catalogue call asked again with the router’s very status, headers and bytes', async () => {
    for (const url of urlsOfTheDemo()) {
      const first = await ask(url);
      expect({ url, byLane: first.byLane }).toEqual({ url, byLane: false });
      const again = await ask(url);
      expect({ url, byLane: again.byLane }).toEqual({ url, byLane: true });
      expect({ url, ...again.answer }).toEqual({ url, ...first.answer });
      expect({ url, ...again.answer }).toEqual({ url, ...(await viaRouter(url)) });
      expect(again.answer.status).toBe(200);
    }
  });

  it('answers each encoding, HEAD and a matching If-None-Match as the router does', async () => {
    const url = '/api/index_product?page=1&page_size=200';
    await ask(url);
    const etag = (await viaRouter(url)).headers.etag ?? '';
    expect(etag).not.toBe('');
    const cases: [string, Record<string, string>][] = [
      ['GET', { 'accept-encoding': 'br' }],
      ['GET', { 'accept-encoding': 'gzip' }],
      ['GET', { 'accept-encoding': 'gzip, deflate, br, zstd' }],
      ['GET', { 'if-none-match': etag }],
      ['GET', { 'if-none-match': `"other", W/${etag}` }],
      ['GET', { 'if-none-match': '"other"' }],
      ['HEAD', {}],
      ['HEAD', { 'accept-encoding': 'br' }],
    ];
    for (const [method, headers] of cases) {
      const { answer, byLane } = await ask(url, method, headers);
      const label = `${method} ${JSON.stringify(headers)}`;
      expect({ label, byLane }).toEqual({ label, byLane: true });
      expect({ label, ...answer }).toEqual({ label, ...(await viaRouter(url, method, headers)) });
    }
    expect((await ask(url, 'GET', { 'if-none-match': etag })).answer.status).toBe(304);
    expect((await ask(url, 'GET', { 'accept-encoding': 'br' })).answer.headers['content-encoding']).toBe(
      'br',
    );
  });

  it('sends each answer compressed anew with its own length, after a change made every answer anew', async () => {
    // Asked once before the change (never kept), so the new cache holds it as a first ask would.
    const url = '/api/index_product?page=1&page_size=150';
    await ask(url);
    await t.app.catalogue.changed(); // a new cache: the answer is made again, first compressed cheaply
    const br = { 'accept-encoding': 'br' };
    for (let i = 0; i < 3; i++) {
      // Asked again, the answer is compressed well: other bytes under the same ETag.
      const { answer, byLane } = await ask(url, 'GET', br);
      expect({ i, byLane }).toEqual({ i, byLane: true });
      expect(answer.headers['content-length']).toBe(String(answer.body.length));
      expect(brotliDecompressSync(answer.body)).toEqual((await viaRouter(url)).body);
    }
  });

  it('answers a changed product’s new price, and leaves a product gone to the router’s 404', async () => {
    const product = t.app.catalogue.snapshot.products[1];
    if (!product) throw new Error('the demo needs products');
    const url = `/api/index_product/${product.card.uuid}`;
    await ask(url);
    const before = await ask(url);
    expect(before.byLane).toBe(true);

    const change = (set: Partial<typeof products.$inferInsert>) =>
      withCatalogueChange(t.database.db, t.app.catalogue, async (tx, touched) => {
        await tx.update(products).set(set).where(eq(products.id, product.id));
        touched.product(product.id);
      });
    await change({ enName: 'Lane melon' });
    const renamed = await ask(url);
    expect(renamed.byLane).toBe(true);
    expect(JSON.parse(renamed.answer.body.toString()).data.en_name).toBe('Lane melon');
    expect(renamed.answer.headers.etag).not.toBe(before.answer.headers.etag);
    expect(renamed.answer).toEqual(await viaRouter(url));

    await change({ onSale: false });
    const gone = await ask(url);
    expect(gone.byLane).toBe(false);
    expect(gone.answer.status).toBe(404);
    expect(gone.answer).toEqual(await viaRouter(url));
  });

  it('leaves other methods and unknown URLs to the router', async () => {
    const url = '/api/index_banners';
    await ask(url);
    for (const [method, path] of [
      ['POST', url],
      ['DELETE', url],
      ['GET', `${url}?x=1`],
      ['GET', '/api/index_product/not-a-product'],
    ] as const) {
      const { answer, byLane } = await ask(path, method);
      expect({ method, path, byLane }).toEqual({ method, path, byLane: false });
      expect(answer.status).toBe((await viaRouter(path, method)).status);
    }
  });
});

describe('the lane while the shop logs every request (LOG_LEVEL=debug)', () => {
  it('steps aside, so each read is logged by the router', async () => {
    const debug = await startTestApp({ LOG_LEVEL: 'debug' });
    try {
      const at = await debug.app.listen({ port: 0, host: '127.0.0.1' });
      for (let i = 0; i < 3; i++) expect((await fetch(`${at}/api/index_banners`)).status).toBe(200);
      expect(debug.app.answerLane.served).toBe(0);
      const logged = debug.logs.filter((line) => line.includes('"url":"/api/index_banners"'));
      expect(logged).toHaveLength(3);
    } finally {
      await debug.close();
    }
  });
});
