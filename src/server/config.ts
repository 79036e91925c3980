import { resolve } from 'node:path';
import { z } from 'zod';
import { type Machine, sizesFor, thisMachine } from './machine';
import { isTimeZone } from './shop-time';

/** Every setting of docs/architecture.md §3. Nothing else in the server reads `process.env`. */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * How long a client may take to send one whole request, headers and body, before the server
   * answers 408 and closes the connection: a client that trickles bytes holds nothing longer.
   */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  DATABASE_URL: z
    .string()
    .refine((v) => v === 'memory:' || /^postgres(ql)?:\/\//.test(v), 'must be memory: or a postgres:// URL')
    .optional(),
  /**
   * PostgreSQL behind PgBouncer in transaction mode: a URL straight to PostgreSQL for what needs a
   * session of its own (LISTEN, advisory locks). Unset: DATABASE_URL.
   */
  DATABASE_DIRECT_URL: z
    .string()
    .refine((v) => /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// URL')
    .optional(),
  /**
   * PostgreSQL: most connections this process's pool opens (besides its listening and lock ones);
   * unset, it follows the machine's cores (machine.ts).
   */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).optional(),
  /**
   * `0` runs an embedded database on the main thread, `1` on a worker thread (docs/decisions/017);
   * unset, it follows the machine (machine.ts): the main thread on one core.
   */
  PGLITE_WORKER: z.enum(['0', '1']).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  SEED: z.enum(['demo', 'none']).default('demo'),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('shop@localhost'),
  SHOP_NAME: z.string().min(1).default('Fresh Market'),
  /** The shop's name in Chinese mails and pages. */
  SHOP_NAME_ZH: z.string().min(1).default('鲜市场'),
  /** The shop's time zone (IANA name): where its days begin, for the console's Today. */
  SHOP_TIME_ZONE: z
    .string()
    .refine(isTimeZone, 'must be an IANA time zone such as America/Los_Angeles')
    .default('America/Los_Angeles'),
  PUBLIC_URL: z.string().url().optional(),
  PAYMENTS: z.enum(['sandbox', 'live']).default('sandbox'),
  YUANSFER_BASE_URL: z.string().url().default('https://mapi.yuansfer.com'),
  YUANSFER_MERCHANT_NO: z.string().optional(),
  YUANSFER_STORE_NO: z.string().optional(),
  YUANSFER_TOKEN: z.string().optional(),
  AUTHORIZENET_BASE_URL: z.string().url().default('https://api.authorize.net'),
  AUTHORIZENET_LOGIN_ID: z.string().optional(),
  AUTHORIZENET_TRANSACTION_KEY: z.string().optional(),
  /**
   * Behind a load balancer: how many proxies stand in front (`true` means one), or their addresses
   * (comma-separated, CIDR allowed); the client address then comes from X-Forwarded-For, read from
   * the right so a client cannot choose it.
   */
  TRUST_PROXY: z
    .string()
    .refine(
      (v) => v === 'true' || v === 'false' || /^\d+$/.test(v) || /^[0-9a-fA-F.:/,\s]+$/.test(v),
      'must be true, false, a hop count or a list of proxy addresses',
    )
    .optional(),
  /**
   * Signs what the shop hands out and checks later (sandbox pay links, code hashes). Several
   * processes must share it; unset, it is made once and kept in DATA_DIR/secret.
   */
  SHOP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Passwords' scrypt cost as log2 N (17: OWASP's 128 MiB). Lower only for test servers: the
   * browser tests sign hundreds of shoppers up, at over half a second each at 17. A stored hash is
   * always checked at its own cost, so raising it later keeps old passwords working.
   */
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(17),
  /** Most units of one product a shopper may order at a time (one order, with their other unpaid ones). */
  ORDER_LINE_MAX: z.coerce.number().int().min(1).max(99_999).default(50),
  /** Most orders a shopper may have waiting for payment at once. */
  PENDING_ORDERS_MAX: z.coerce.number().int().min(1).max(1_000_000).default(3),
  /** How often each process checks whether another one changed the catalogue. */
  CATALOGUE_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(500),
  /** PostgreSQL: how long after losing its listening connection a process tries to listen again. */
  CATALOGUE_LISTEN_RETRY_MS: z.coerce.number().int().min(10).max(600_000).default(1000),
  /** Live order-event streams a process keeps open, in all and per shopper (docs/architecture.md). */
  EVENT_STREAMS_MAX: z.coerce.number().int().min(0).max(100_000).default(5000),
  EVENT_STREAMS_PER_SHOPPER: z.coerce.number().int().min(0).max(100_000).default(5),
  /** How often the live feed reads new order events while streams are open, whatever it was told. */
  EVENT_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** Where the built web app and the rendered media are; tests point these elsewhere. */
  WEB_DIR: z.string().default('./dist/web'),
  MEDIA_DIR: z.string().default('./build/media'),
  /** Unset: pictures under DATA_DIR/uploads. `s3://BUCKET/PREFIX`: in that bucket (docs/decisions/032). */
  MEDIA_STORE: z
    .string()
    .regex(
      /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[A-Za-z0-9._/-]*)?$/,
      'must be s3://BUCKET or s3://BUCKET/PREFIX',
    )
    .optional(),
  /** Where a CDN serves the bucket: /uploads/ answers 302 to `<MEDIA_PUBLIC_URL>/<object key>`. */
  MEDIA_PUBLIC_URL: z.string().url().optional(),
  // The AWS SDK's own variables, read here so MEDIA_STORE's client is made from the configuration.
  AWS_REGION: z.string().min(1).optional(),
  AWS_ENDPOINT_URL_S3: z.string().url().optional(),
  AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
});

export type Env = z.input<typeof EnvSchema>;

/** MEDIA_STORE=s3://… and the SDK's variables (docs/architecture.md §3). */
export interface S3MediaSettings {
  bucket: string;
  /** '' or ending in '/'. */
  prefix: string;
  region: string;
  /** AWS_ENDPOINT_URL_S3: a self-hosted store (MinIO…), addressed path-style. */
  endpoint?: string;
  /** Both keys when set; otherwise the SDK's own chain (profiles, instance roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** MEDIA_PUBLIC_URL without its trailing slash. */
  publicUrl?: string;
}

export interface OrderLimits {
  /** Most units of one product in one order, counting those the shopper's unpaid orders hold. */
  lineMax: number;
  /** Most orders one shopper may have waiting for payment. */
  pendingMax: number;
}

export interface Config {
  port: number;
  host: string;
  requestTimeoutMs: number;
  database:
    | { kind: 'memory' }
    | { kind: 'files'; dir: string }
    | {
        kind: 'postgres';
        url: string;
        /** DATABASE_DIRECT_URL: LISTEN and session locks, past a transaction-mode pooler. */
        directUrl?: string;
        /** DATABASE_POOL_MAX, or what the machine's cores suggest (machine.ts). */
        poolMax?: number;
      };
  /** Where an embedded database runs: a worker thread (PGLITE_WORKER=1) or the main one (0). */
  pgliteThread: 'worker' | 'main';
  /** The cores and memory this process may use, and the sizes chosen for them (logged at start). */
  machine: Machine & { hashesAtOnce: number };
  dataDir: string;
  /** Shoppers' uploaded pictures, served at /uploads/. */
  uploadsDir: string;
  /** False, a hop count, or the proxies' addresses (never `true`: that trusts what clients send). */
  trustProxy: false | number | string;
  /** SHOP_SECRET when set; otherwise the secret is kept in `secretFile` (see secret.ts). */
  secret: string | undefined;
  secretFile: string;
  seed: 'demo' | 'none';
  mail: {
    smtpUrl: string | undefined;
    from: string;
    outboxDir: string;
    shopName: string;
    shopNameZh: string;
  };
  publicUrl: string;
  /** SHOP_TIME_ZONE: where the shop's days begin (Today's figures). */
  shopTimeZone: string;
  payments: 'sandbox' | 'live';
  yuansfer: { baseUrl: string; merchantNo?: string; storeNo?: string; token?: string };
  authorizeNet: { baseUrl: string; loginId?: string; transactionKey?: string };
  /** Limits a grocery sets so that one shopper cannot hold the shelves (docs/decisions/011-order-limits.md). */
  orderLimits: OrderLimits;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** PASSWORD_HASH_COST: scrypt's log2 N for new password hashes (and the decoy check). */
  passwordHashCost: number;
  cataloguePollMs: number;
  catalogueListenRetryMs: number;
  eventStreams: { maxStreams: number; maxPerShopper: number; pollMs: number; heartbeatMs: number };
  webDir: string;
  mediaDir: string;
  /** Where uploaded pictures are stored: DATA_DIR/uploads (`uploadsDir`) or a bucket. */
  mediaStore: { kind: 'disk' } | ({ kind: 's3' } & S3MediaSettings);
}

/** Parses the environment; throws one readable error naming every bad variable. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  machine: Machine = thisMachine(),
): Config {
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const sizes = sizesFor(machine);
  const dataDir = resolve(e.DATA_DIR);
  const database: Config['database'] =
    e.DATABASE_URL === undefined
      ? { kind: 'files', dir: resolve(dataDir, 'db') }
      : e.DATABASE_URL === 'memory:'
        ? { kind: 'memory' }
        : {
            kind: 'postgres',
            url: e.DATABASE_URL,
            directUrl: e.DATABASE_DIRECT_URL ?? e.DATABASE_URL,
            poolMax: e.DATABASE_POOL_MAX ?? sizes.poolMax,
          };
  return {
    port: e.PORT,
    host: e.HOST,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    database,
    pgliteThread:
      e.PGLITE_WORKER === undefined ? sizes.pgliteThread : e.PGLITE_WORKER === '1' ? 'worker' : 'main',
    machine: { ...machine, hashesAtOnce: sizes.hashesAtOnce },
    dataDir,
    uploadsDir: resolve(dataDir, 'uploads'),
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    secret: e.SHOP_SECRET,
    secretFile: resolve(dataDir, 'secret'),
    seed: e.SEED,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      outboxDir: resolve(dataDir, 'outbox'),
      shopName: e.SHOP_NAME,
      shopNameZh: e.SHOP_NAME_ZH,
    },
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/$/, ''),
    shopTimeZone: e.SHOP_TIME_ZONE,
    payments: e.PAYMENTS,
    yuansfer: {
      baseUrl: e.YUANSFER_BASE_URL,
      merchantNo: e.YUANSFER_MERCHANT_NO,
      storeNo: e.YUANSFER_STORE_NO,
      token: e.YUANSFER_TOKEN,
    },
    authorizeNet: {
      baseUrl: e.AUTHORIZENET_BASE_URL,
      loginId: e.AUTHORIZENET_LOGIN_ID,
      transactionKey: e.AUTHORIZENET_TRANSACTION_KEY,
    },
    orderLimits: { lineMax: e.ORDER_LINE_MAX, pendingMax: e.PENDING_ORDERS_MAX },
    logLevel: e.LOG_LEVEL,
    passwordHashCost: e.PASSWORD_HASH_COST,
    cataloguePollMs: e.CATALOGUE_POLL_MS,
    catalogueListenRetryMs: e.CATALOGUE_LISTEN_RETRY_MS,
    eventStreams: {
      maxStreams: e.EVENT_STREAMS_MAX,
      maxPerShopper: e.EVENT_STREAMS_PER_SHOPPER,
      pollMs: e.EVENT_POLL_MS,
      heartbeatMs: 20_000,
    },
    webDir: resolve(e.WEB_DIR),
    mediaDir: resolve(e.MEDIA_DIR),
    mediaStore: mediaStoreOf(e),
  };
}

function mediaStoreOf(e: z.infer<typeof EnvSchema>): Config['mediaStore'] {
  if (e.MEDIA_STORE === undefined) {
    if (e.MEDIA_PUBLIC_URL !== undefined)
      throw new Error('Invalid configuration:\n  MEDIA_PUBLIC_URL: needs MEDIA_STORE=s3://BUCKET/PREFIX');
    return { kind: 'disk' };
  }
  const [bucket = '', ...path] = e.MEDIA_STORE.slice('s3://'.length).split('/');
  const prefix = path.filter((part) => part !== '').join('/');
  return {
    kind: 's3',
    bucket,
    prefix: prefix === '' ? '' : `${prefix}/`,
    // A self-hosted store rarely cares; the SDK refuses to start without one.
    region: e.AWS_REGION ?? 'us-east-1',
    ...(e.AWS_ENDPOINT_URL_S3 ? { endpoint: e.AWS_ENDPOINT_URL_S3 } : {}),
    ...(e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: e.AWS_ACCESS_KEY_ID, secretAccessKey: e.AWS_SECRET_ACCESS_KEY } }
      : {}),
    ...(e.MEDIA_PUBLIC_URL ? { publicUrl: e.MEDIA_PUBLIC_URL.replace(/\/+$/, '') } : {}),
  };
}

/**
 * `true` would make Fastify take the left-most X-Forwarded-For entry, which the client writes
 * itself; it means one proxy, whose own entry is the right-most.
 */
function trustProxyOf(value: string | undefined): false | number | string {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true') return 1;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .join(',');
}
