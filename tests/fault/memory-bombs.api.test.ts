import { readFileSync, writeFileSync } from 'node:fs';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECODE_MAX_BYTES, decodedBytesPerPixel, MAX_PIXELS } from '#server/modules/account/avatar.picture';
import { BOMB, type BodyShape, oversizeShapes, streamRequest } from '../api/security/oversize-bodies';
import { templateRef } from '../helpers/test-database';
import { multipartUpload, photo } from '../helpers/uploads';
import { type FaultDatabase, faultDatabase, makeShoppers, plainProducts } from './fault-database';
import { freePort, type ShopProcess, startShopProcess } from './shop-process';

/**
 * Against the real server process: `POST /api/login` with 1000 multipart fields
 * of 1 MB each, eight at once, took the process from 535 to 1558 MB per request and then out of
 * heap. Every body shape too big in any way (a gigabyte of JSON, form, text, multipart fields,
 * a file, parts, a preamble), eight at once, to a form route and to the avatar upload, must be
 * refused long before it is sent, and the server's resident memory must not grow by more than
 * 100 MB over what it held before (the peak, as the kernel counts it: /proc/<pid>/status VmHWM).
 */

const PARALLEL = 8;
const GROWTH_MAX_MB = 100;
/** What a sender can have pushed into the sockets' buffers before the refusal reaches it. */
const SENT_MAX_BYTES = 64 * 1024 ** 2;

/*
 * What is measured is the server process's memory, refusing bodies before any reaches the database:
 * the run on PostgreSQL (npm test's second pass) would take minutes to show nothing new.
 */
describe.runIf(templateRef().kind === 'pglite')('memory bombs against the server process', () => {
  let store: FaultDatabase;
  let shop: ShopProcess;
  let token = '';
  /** Shoppers of their own, for uploads from many at once. */
  let crowd: string[] = [];

  beforeAll(async () => {
    store = await faultDatabase();
    await store.use(async (database) => {
      const [product] = await plainProducts(database, 1);
      const [shopper, ...others] = await makeShoppers(database, 13, () => [[product?.id ?? 0, 1]]);
      token = shopper?.token ?? '';
      crowd = others.map((other) => other.token);
    });
    shop = await startShopProcess(await freePort(), store.settings);
    await warmUp();
  }, 120_000);

  afterAll(async () => {
    await shop?.kill();
    await store?.drop();
  });

  /** Resident memory now and at its peak since the last reset, in MB. */
  function memory(): { rss: number; peak: number } {
    const status = readFileSync(`/proc/${shop.pid}/status`, 'utf8');
    const kb = (name: string) =>
      Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  }

  /** Starts counting the peak again from what the process holds now (Linux 4.0+, proc(5)). */
  function resetPeak(): number {
    writeFileSync(`/proc/${shop.pid}/clear_refs`, '5');
    return memory().rss;
  }

  /** Every code path the bombs take, once with a normal body, so loading code is not counted. */
  async function warmUp(): Promise<void> {
    // The allocator keeps what decoding a picture once took (about 80 MB here) for the next one:
    // counted once here, so the bombs are measured against a shop that has decoded pictures before.
    const pictures = await Promise.all(LARGEST_TAKEN.map(([name]) => largestTaken(name)));
    const uploads = pictures.map((bytes) => multipartUpload(bytes));
    const calls: [string, Record<string, string>, Buffer][] = [
      [
        '/api/login',
        { 'content-type': 'application/x-www-form-urlencoded' },
        Buffer.from('email=a%40b.co&password=x'),
      ],
      [
        '/api/login',
        { 'content-type': 'application/json' },
        Buffer.from('{"email":"a@b.co","password":"x"}'),
      ],
      ...uploads.map((upload): [string, Record<string, string>, Buffer] => [
        '/api/user/avatar',
        { 'content-type': upload.contentType },
        upload.body,
      ]),
    ];
    for (const [path, headers, body] of calls) {
      const answer = await streamRequest(`${shop.url}${path}`, {
        method: 'POST',
        headers: { ...headers, authorization: token, 'content-length': String(body.length) },
        body: [body],
      });
      if (answer.status >= 500) throw new Error(`warm-up ${path}: ${JSON.stringify(answer)}`);
    }
  }

  const targets = [
    { path: '/api/login', expected: (shape: BodyShape) => shape.status.form },
    { path: '/api/user/avatar', expected: (shape: BodyShape) => shape.status.upload },
  ];

  /**
   * Sends `body` to `path` from one client per token at once, each stopping when answered; answers
   * what they were told and how far the server's peak resident memory rose above where it was.
   * By default ${PARALLEL} shoppers, one client each: within the avatar upload's bounds (AVATAR_SLOTS),
   * so each bomb is refused, or taken, for what it is.
   */
  async function bombard(
    path: string,
    headers: Record<string, string>,
    body: () => Iterable<Buffer>,
    tokens: string[] = crowd.slice(0, PARALLEL),
  ) {
    const before = resetPeak();
    const answers = await Promise.all(
      tokens.map((authorization, i) =>
        streamRequest(`${shop.url}${path}`, {
          method: 'POST',
          headers: { ...headers, authorization, 'accept-language': i % 2 ? 'en' : 'zh' },
          body: body(),
        }).catch((error: Error) => ({ status: 0, body: { message: error.message }, sent: Number.NaN })),
      ),
    );
    const { peak } = memory();
    return {
      answers,
      growth: peak - before,
      memory: `RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MB`,
    };
  }

  describe(`${PARALLEL} bombs at once`, () => {
    for (const shape of oversizeShapes(BOMB)) {
      for (const target of targets) {
        it(`${shape.name} to ${target.path}: refused early, RSS grows < ${GROWTH_MAX_MB} MB`, async () => {
          const { answers, growth, memory } = await bombard(target.path, shape.headers, () => shape.body());
          for (const answer of answers) {
            const where = `${shape.name} → ${JSON.stringify(answer)}; ${shop.stderr().slice(-500)}`;
            expect(answer.status, where).toBe(target.expected(shape));
            expect(answer.sent, where).toBeLessThan(SENT_MAX_BYTES);
          }
          expect(growth, memory).toBeLessThan(GROWTH_MAX_MB);
        });
      }
    }
  });

  const solid = (side: number, channels: 3 | 4 = 3) =>
    sharp({
      create: { width: side, height: side, channels, background: { r: 50, g: 170, b: 120, alpha: 0.5 } },
    });
  /** The side of the largest square picture of this kind that is still decoded. */
  function largestSide(kind: Parameters<typeof decodedBytesPerPixel>[0]): number {
    const perPixel = decodedBytesPerPixel(kind);
    const pixels = perPixel === 0 ? MAX_PIXELS : Math.min(MAX_PIXELS, DECODE_MAX_BYTES / perPixel);
    return Math.floor(Math.sqrt(pixels));
  }
  const RGB = { channels: 3, depth: 'uchar' } as const;
  const RGBA = { channels: 4, depth: 'uchar' } as const;

  /** The largest picture of each kind that the avatar upload still decodes. */
  const LARGEST_TAKEN: [string, () => Sharp][] = [
    ['GIF', () => solid(largestSide({ format: 'gif', ...RGBA }), 4).gif()],
    [
      'progressive JPEG',
      () => solid(largestSide({ format: 'jpeg', isProgressive: true, ...RGB })).jpeg({ progressive: true }),
    ],
    [
      'interlaced PNG',
      () => solid(largestSide({ format: 'png', isProgressive: true, ...RGBA }), 4).png({ progressive: true }),
    ],
    ['PNG', () => solid(largestSide({ format: 'png', ...RGBA }), 4).png()],
    ['baseline JPEG', () => solid(largestSide({ format: 'jpeg', ...RGB })).jpeg()],
    ['WebP', () => solid(largestSide({ format: 'webp', ...RGB })).webp()],
  ];

  /*
   * Encoded once each: the warm-up sends the same pictures, and encoding one of these takes the
   * test's process seconds of a core.
   */
  const encoded = new Map<string, Promise<Buffer>>();
  function largestTaken(name: string): Promise<Buffer> {
    let bytes = encoded.get(name);
    if (!bytes) {
      const make = LARGEST_TAKEN.find(([kind]) => kind === name)?.[1];
      if (!make) throw new Error(`no picture ${name}`);
      bytes = make().toBuffer();
      encoded.set(name, bytes);
    }
    return bytes;
  }

  describe(`${PARALLEL} pixel bombs at once: pictures small in bytes, huge once decoded`, () => {
    const cases: [string, number, () => Promise<Buffer>][] = [
      ['a 6000 × 6000 GIF', 400, () => solid(6000).gif().toBuffer()],
      ['a 6000 × 6000 progressive JPEG', 400, () => solid(6000).jpeg({ progressive: true }).toBuffer()],
      [
        'a 6000 × 6000 interlaced PNG with alpha',
        400,
        () => solid(6000, 4).png({ progressive: true }).toBuffer(),
      ],
      ['a 6000 × 6000 PNG with alpha', 400, () => solid(6000, 4).png().toBuffer()],
      ...LARGEST_TAKEN.map(([name]): [string, number, () => Promise<Buffer>] => [
        `the largest ${name} taken`,
        200,
        () => largestTaken(name),
      ]),
    ];
    it.each(cases)(
      `%s: ${PARALLEL} at once answer %i, RSS grows < ${GROWTH_MAX_MB} MB`,
      async (name, status, make) => {
        const upload = multipartUpload(await make());
        const headers = { 'content-type': upload.contentType, 'content-length': String(upload.body.length) };
        const { answers, growth, memory } = await bombard('/api/user/avatar', headers, () => [upload.body]);
        for (const answer of answers)
          expect(answer.status, `${name} → ${JSON.stringify(answer)}`).toBe(status);
        expect(growth, memory).toBeLessThan(GROWTH_MAX_MB);
      },
    );
  });

  /*
   * One shopper sending 40 avatars of 4.4 MB at once took the process 354 MB
   * higher, 96 took it 1.43 GB higher: every body was held in memory while it waited for its
   * decode. Uploads in flight are bounded (the rest refused before their bodies are read) and
   * each body goes to disk as it arrives.
   */
  const MANY_GROWTH_MAX_MB = 150;
  describe(`many 4.4 MB avatars at once: RSS grows < ${MANY_GROWTH_MAX_MB} MB`, () => {
    const cases: [string, () => string[]][] = [
      // First: memory the allocator keeps from one case would hide the next one's growth.
      ['96 from 12 shoppers', () => Array.from({ length: 96 }, (_, i) => crowd[i % crowd.length] ?? '')],
      ['40 from one shopper', () => Array(40).fill(token)],
      ['96 from one shopper', () => Array(96).fill(token)],
    ];
    // One photo for every case, encoded once.
    let avatar: Promise<Buffer> | undefined;
    it.each(cases)('%s: each stored or refused (429, 503)', async (name, tokens) => {
      avatar ??= photo(2000, 2000).jpeg({ quality: 98 }).toBuffer();
      const upload = multipartUpload(await avatar);
      expect(upload.body.length).toBeGreaterThan(4.4e6);
      const headers = { 'content-type': upload.contentType, 'content-length': String(upload.body.length) };
      const { answers, growth, memory } = await bombard(
        '/api/user/avatar',
        headers,
        () => [upload.body],
        tokens(),
      );
      const statuses = answers.map((answer) => answer.status);
      for (const answer of answers)
        expect([200, 429, 503], `${name} → ${JSON.stringify(answer)}`).toContain(answer.status);
      expect(statuses, name).toContain(200);
      expect(growth, memory).toBeLessThan(MANY_GROWTH_MAX_MB);
    });
  });

  describe('afterwards', () => {
    it('the server still answers', async () => {
      const res = await fetch(`${shop.url}/api/index_banners`);
      expect(res.status).toBe(200);
    });
  });
});
