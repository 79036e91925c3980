import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { request } from 'node:https';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '../..');
export const NGINX = '/usr/sbin/nginx';
/** The shipped configuration (deploy/nginx.conf), which these tests run with only its marked values changed. */
export const SHIPPED_CONFIG = join(ROOT, 'deploy/nginx.conf');

/** A certificate for 127.0.0.1 made for one test run, and its key. */
export interface TestCertificate {
  cert: string;
  certPath: string;
  keyPath: string;
}

/** A self-signed certificate for 127.0.0.1 (openssl, as certbot's files would be on a shop's machine). */
export async function makeCertificate(dir: string): Promise<TestCertificate> {
  const certPath = join(dir, 'fullchain.pem');
  const keyPath = join(dir, 'privkey.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      keyPath,
      '-out',
      certPath,
    ],
    { stdio: 'ignore' },
  );
  return { cert: await readFile(certPath, 'utf8'), certPath, keyPath };
}

/** Replaces `from` in `text`, failing when it is not there exactly `times` times: the shipped file changed. */
function replaceExactly(text: string, from: string, to: string, times = 1): string {
  const found = text.split(from).length - 1;
  if (found !== times) throw new Error(`deploy/nginx.conf: expected ${times} × "${from}", found ${found}`);
  return text.replaceAll(from, to);
}

export interface NginxSite {
  upstreams: string[];
  httpPort: number;
  httpsPort: number;
  certificate: TestCertificate;
  dir: string;
}

/**
 * deploy/nginx.conf with only what its comments mark CHANGE replaced (processes, ports, cache
 * folder, certificate), and the IPv6 listens dropped (a test machine may have no IPv6).
 */
export async function siteConfig(site: NginxSite): Promise<string> {
  let text = await readFile(SHIPPED_CONFIG, 'utf8');
  text = replaceExactly(
    text,
    '    server 127.0.0.1:3000 max_fails=3 fail_timeout=10s;\n    server 127.0.0.1:3001 max_fails=3 fail_timeout=10s;\n',
    site.upstreams.map((u) => `    server ${u} max_fails=3 fail_timeout=10s;\n`).join(''),
  );
  text = replaceExactly(text, '/var/cache/nginx/fresh-market', join(site.dir, 'cache'));
  text = replaceExactly(text, '    listen [::]:80;\n', '');
  text = replaceExactly(text, '    listen [::]:443 ssl http2;\n', '');
  text = replaceExactly(text, '    listen 80;', `    listen 127.0.0.1:${site.httpPort};`);
  text = replaceExactly(
    text,
    '    listen 443 ssl http2;',
    `    listen 127.0.0.1:${site.httpsPort} ssl http2;`,
  );
  text = replaceExactly(
    text,
    '/etc/letsencrypt/live/shop.example.com/fullchain.pem',
    site.certificate.certPath,
  );
  text = replaceExactly(text, '/etc/letsencrypt/live/shop.example.com/privkey.pem', site.certificate.keyPath);
  return text;
}

export interface RunningNginx {
  /** Each request nginx passed on: method, path, status and the shop process that answered. */
  accessLog(): Promise<{ method: string; path: string; status: number; upstream: string; cache: string }[]>;
  stop(): Promise<void>;
}

/** Runs nginx in the foreground with the site, its files all under `dir`. */
export async function startNginx(site: NginxSite): Promise<RunningNginx> {
  const { dir } = site;
  await mkdir(join(dir, 'logs'), { recursive: true });
  await writeFile(join(dir, 'site.conf'), await siteConfig(site));
  const main = [
    // Run as root (CI), nginx's workers would otherwise become `nobody`, who cannot read the test's files.
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes 1;',
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${join(dir, 'logs/error.log')} warn;`,
    'events { worker_connections 256; }',
    'http {',
    `  client_body_temp_path ${join(dir, 'body')};`,
    `  proxy_temp_path ${join(dir, 'proxy')};`,
    `  fastcgi_temp_path ${join(dir, 'fastcgi')};`,
    `  uwsgi_temp_path ${join(dir, 'uwsgi')};`,
    `  scgi_temp_path ${join(dir, 'scgi')};`,
    "  log_format deploy '$request_method $uri $status $upstream_addr $upstream_cache_status';",
    `  access_log ${join(dir, 'logs/access.log')} deploy;`,
    `  include ${join(dir, 'site.conf')};`,
    '}',
  ].join('\n');
  const mainPath = join(dir, 'nginx.conf');
  await writeFile(mainPath, main);
  execFileSync(NGINX, ['-t', '-q', '-p', dir, '-c', mainPath], { stdio: 'pipe' });
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', mainPath, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (c: Buffer) => {
    errors += c.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Up once it answers on its TLS port.
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${errors}`);
    const up = await viaNginx(site, 'GET', '/api/index_banners').then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`nginx did not start: ${errors}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    async accessLog() {
      const path = join(dir, 'logs/access.log');
      if (!existsSync(path)) return [];
      return (await readFile(path, 'utf8'))
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [method = '', p = '', status = '0', upstream = '', cache = ''] = line.split(' ');
          return { method, path: p, status: Number(status), upstream, cache };
        });
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
    },
  };
}

export interface HttpsAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request to nginx's TLS port, trusting only the test's certificate. */
export function viaNginx(
  site: Pick<NginxSite, 'httpsPort' | 'certificate'>,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  options: { headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<HttpsAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: site.httpsPort,
        method,
        path,
        ca: site.certificate.cert,
        headers: {
          ...(options.body === undefined
            ? {}
            : { 'content-length': String(Buffer.byteLength(options.body)) }),
          ...options.headers,
        },
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer from nginx`)));
    req.on('error', reject);
    req.end(options.body);
  });
}
