import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orders } from '#server/db/schema';
import { SmtpCatcher } from '../fakes/smtp-catcher';
import {
  type FaultDatabase,
  type FaultShopper,
  faultDatabase,
  makeShoppers,
  plainProducts,
} from '../fault/fault-database';
import { freePort, type ShopProcess, startShopProcess } from '../fault/shop-process';
import { type LocalS3, startLocalS3 } from '../helpers/s3-server';
import { BILLING } from '../helpers/shoppers';
import { createStaff, staffHeaders, type TestStaff } from '../helpers/staff';
import { multipartUpload, photo } from '../helpers/uploads';
import { makeCertificate, NGINX, type NginxSite, type RunningNginx, startNginx, viaNginx } from './nginx';

/**
 * The deployment a growing shop uses (README.md, Several processes): two shop processes, each with
 * its own data folder as on two machines, on one PostgreSQL, behind nginx with deploy/nginx.conf,
 * checked from outside through nginx's TLS port as a shopper's browser and an owner's console reach it.
 */

const hasNginx = existsSync(NGINX);
let dir: string;
let store: FaultDatabase;
let site: NginxSite;
let nginx: RunningNginx;
let servers: ShopProcess[] = [];
let catcher: SmtpCatcher;
let s3: LocalS3 | undefined;
let shopper: FaultShopper;
let manager: TestStaff;
let product: { id: number; uuid: string };

const JSON_CALL = { 'x-requested-with': 'XMLHttpRequest', 'accept-language': 'en' };

/** A call as the storefront makes it, through nginx; answers the envelope. */
async function shop(
  method: 'GET' | 'POST',
  path: string,
  form?: Record<string, string | number>,
  // biome-ignore lint/suspicious/noExplicitAny: tests read the envelope's fields freely
): Promise<{ status: number; body: any }> {
  const body = form
    ? new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)])).toString()
    : undefined;
  const answer = await viaNginx(site, method, path, {
    headers: {
      ...JSON_CALL,
      authorization: shopper.token,
      ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(body ? { body } : {}),
  });
  return { status: answer.status, body: answer.body.length ? JSON.parse(answer.body.toString()) : undefined };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'the deployment in deploy/: two processes behind nginx',
  () => {
    beforeAll(async () => {
      if (!hasNginx) throw new Error(`${NGINX} is missing: npm test installs it (scripts/ensure-system.sh)`);
      dir = await mkdtemp(join(tmpdir(), 'shop-deploy-'));
      store = await faultDatabase();
      await store.use(async (database) => {
        const [p] = await plainProducts(database, 1, 'unit');
        if (!p) throw new Error('a product on sale expected');
        product = p;
        [shopper] = (await makeShoppers(database, 1, () => [[p.id, 1]])) as [FaultShopper];
        manager = await createStaff(database, new Date(), { role: 'manager' });
      });
      catcher = new SmtpCatcher();
      const smtpUrl = await catcher.start();
      const bucket = await startLocalS3();
      s3 = bucket;
      const ports: number[] = [];
      while (ports.length < 4) {
        const port = await freePort();
        if (!ports.includes(port)) ports.push(port);
      }
      const [a = 0, b = 0, httpPort = 0, httpsPort = 0] = ports;
      site = {
        upstreams: [`127.0.0.1:${a}`, `127.0.0.1:${b}`],
        httpPort,
        httpsPort,
        certificate: await makeCertificate(dir),
        dir,
      };
      const shared = {
        DATABASE_URL: store.settings.DATABASE_URL ?? '',
        SHOP_SECRET: randomBytes(32).toString('base64url'),
        PUBLIC_URL: `https://127.0.0.1:${httpsPort}`,
        TRUST_PROXY: '127.0.0.1',
        SMTP_URL: smtpUrl,
        ...bucket.env,
      };
      servers = await Promise.all(
        [a, b].map((port, i) => startShopProcess(port, { ...shared, DATA_DIR: join(dir, `machine-${i}`) })),
      );
      nginx = await startNginx(site);
    }, 180_000);

    afterAll(async () => {
      await nginx?.stop();
      await Promise.all(servers.map((s) => s.stop()));
      await catcher?.stop();
      await s3?.close();
      await store?.drop();
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('ships a systemd unit that systemd accepts', async () => {
      if (!existsSync('/usr/bin/systemd-analyze')) return;
      // An instance of the template, as `systemctl enable fresh-market@3000` makes it.
      const unit = join(dir, 'fresh-market@3000.service');
      await copyFile(join(import.meta.dirname, '../../deploy/fresh-market@.service'), unit);
      expect(execFileSync('systemd-analyze', ['verify', unit], { encoding: 'utf8', stdio: 'pipe' })).toBe('');
    });

    it('sends plain HTTP to HTTPS and serves the shop over TLS with HSTS', async () => {
      const plain = await new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
        httpRequest(
          { host: '127.0.0.1', port: site.httpPort, path: '/cart', headers: { host: 'shop.test' } },
          (res) => {
            res.resume();
            resolve({ status: res.statusCode ?? 0, location: res.headers.location });
          },
        )
          .on('error', reject)
          .end();
      });
      expect(plain).toEqual({ status: 301, location: 'https://shop.test/cart' });
      const page = await viaNginx(site, 'GET', '/home');
      expect(page.status).toBe(200);
      expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(page.body.toString()).toContain('<div id="root">');
    });

    it('signs staff in with a cookie kept to HTTPS, nginx telling the shop the scheme', async () => {
      const signedIn = await viaNginx(site, 'POST', '/api/admin/sign-in', {
        headers: { ...JSON_CALL, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: manager.email, password: manager.password }).toString(),
      });
      expect(signedIn.status, signedIn.body.toString()).toBe(200);
      expect(String(signedIn.headers['set-cookie'])).toMatch(/; Secure/);
    });

    it('keeps copies of the built files, answering the second request itself', async () => {
      const html = (await viaNginx(site, 'GET', '/home')).body.toString();
      // The page names its entry script (the boot script loads it once the first picture is shown).
      const script = /"(\/assets\/index-[^"]+\.js)"/.exec(html)?.[1];
      expect(script).toBeDefined();
      const first = await viaNginx(site, 'GET', script ?? '', { headers: { 'accept-encoding': 'br' } });
      const second = await viaNginx(site, 'GET', script ?? '', { headers: { 'accept-encoding': 'br' } });
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(second.headers['x-cache-status']).toBe('HIT');
      expect(second.body.equals(first.body)).toBe(true);
    });

    it('serves a picture uploaded through one process from the other, and deleting it takes it from both', async () => {
      const upload = multipartUpload(await photo(900, 700, 5).jpeg().toBuffer(), {
        filename: 'bok-choy.jpg',
        type: 'image/jpeg',
      });
      const added = await viaNginx(site, 'POST', `/api/admin/products/${product.id}/images`, {
        headers: { ...JSON_CALL, ...staffHeaders(manager.token, 'POST'), 'content-type': upload.contentType },
        body: upload.body,
      });
      expect(added.status, added.body.toString()).toBe(200);
      const picture = JSON.parse(added.body.toString()).data.images.at(-1) as { id: number; link: string };
      const uploadedOn = (await nginx.accessLog()).find(
        (l) => l.method === 'POST' && l.path.endsWith('/images'),
      );
      expect(site.upstreams).toContain(uploadedOn?.upstream);
      // Straight to each process, past nginx's copies: the one that did not take the upload serves it too.
      const served = await Promise.all(servers.map((server) => fetch(`${server.url}${picture.link}`)));
      expect(served.map((r) => r.status)).toEqual([200, 200]);
      const [a, b] = await Promise.all(served.map(async (r) => Buffer.from(await r.arrayBuffer())));
      expect(a?.subarray(8, 12).toString('latin1')).toBe('WEBP');
      expect(a?.equals(b ?? Buffer.alloc(0))).toBe(true);

      const deleted = await viaNginx(
        site,
        'DELETE',
        `/api/admin/products/${product.id}/images/${picture.id}`,
        {
          headers: { ...JSON_CALL, ...staffHeaders(manager.token, 'POST') },
        },
      );
      expect(deleted.status, deleted.body.toString()).toBe(200);
      const gone = await Promise.all(servers.map((server) => fetch(`${server.url}${picture.link}`)));
      expect(gone.map((r) => r.status)).toEqual([404, 404]);
    });

    it('shows a price changed in the console on both processes within a second', async () => {
      const changed = await viaNginx(site, 'POST', `/api/admin/products/${product.id}`, {
        headers: {
          ...JSON_CALL,
          ...staffHeaders(manager.token, 'POST'),
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'price=7.77',
      });
      expect(changed.status, changed.body.toString()).toBe(200);
      const since = Date.now();
      const seen = await Promise.all(
        servers.map(async (server) => {
          for (;;) {
            const res = await fetch(`${server.url}/api/index_product/${product.uuid}`, {
              headers: JSON_CALL,
            });
            const text = await res.text();
            if (text.includes('7.77')) return Date.now() - since;
            if (Date.now() - since > 1000) return text;
            await new Promise((r) => setTimeout(r, 20));
          }
        }),
      );
      expect(seen.filter((ms) => typeof ms !== 'number' || ms > 1000)).toEqual([]);
    });

    it('places an order on one process and pays on the other, the live stream telling the shopper; one mail', async () => {
      // The live stream goes through nginx too, and stays open while the order is placed and paid.
      const { ticket } = (await shop('POST', '/api/notifications/ticket')).body.data;
      const events: string[] = [];
      let wake: () => void = () => undefined;
      const stream = request({
        host: '127.0.0.1',
        port: site.httpsPort,
        path: `/api/notifications/stream?ticket=${encodeURIComponent(ticket)}`,
        ca: site.certificate.cert,
        headers: { accept: 'text/event-stream' },
      });
      stream.on('response', (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          events.push(chunk);
          wake();
        });
      });
      stream.on('error', () => undefined);
      stream.end();
      const until = async (what: (text: string) => boolean, ms = 10_000) => {
        const deadline = Date.now() + ms;
        while (!what(events.join(''))) {
          if (Date.now() > deadline) throw new Error(`the stream said only: ${events.join('')}`);
          await new Promise<void>((r) => {
            wake = r;
            setTimeout(r, 200);
          });
        }
      };
      await until((text) => text.includes('event: ready'));

      const placed = await shop('POST', '/api/order', {
        uuid: shopper.addressUuid,
        coupon: '',
        'items[0][id]': shopper.lines.get(product.id)?.id ?? 0,
        'items[0][num]': 1,
      });
      expect(placed.status).toBe(200);
      const orderNo = String(placed.body.data);
      const paid = await shop('POST', '/api/authorize/pay', {
        order: orderNo,
        card: '4111111111111111',
        date: '12/30',
        code: '123',
        ...BILLING,
      });
      expect(paid.status).toBe(200);
      expect(paid.body.data.status).toBe(2);

      const log = await nginx.accessLog();
      const placedOn = log.find((l) => l.method === 'POST' && l.path === '/api/order')?.upstream;
      const paidOn = log.find((l) => l.method === 'POST' && l.path === '/api/authorize/pay')?.upstream;
      expect(site.upstreams).toContain(placedOn);
      expect(site.upstreams).toContain(paidOn);
      expect(paidOn).not.toBe(placedOn);

      await until((text) => text.includes(orderNo));
      stream.destroy();

      // Each mail the order's events queued leaves once, whichever process sent it.
      const mail = await catcher.latestTo(shopper.email);
      expect(mail.subject).toContain(orderNo);
      const queued = await store.use(async ({ db }) => {
        const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, orderNo));
        return db
          .select({ state: mailOutbox.state, kind: mailOutbox.kind })
          .from(mailOutbox)
          .where(eq(mailOutbox.orderId, order?.id ?? 0));
      });
      expect(queued.length).toBeGreaterThan(0);
      const deadline = Date.now() + 10_000;
      while (catcher.countTo(shopper.email) < queued.length && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      expect(catcher.countTo(shopper.email)).toBe(queued.length);
      const subjects = catcher.mails.filter((m) => m.to === shopper.email).map((m) => m.subject);
      expect(new Set(subjects).size).toBe(subjects.length);
    });
  },
);
