import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('order limits in the configuration', () => {
  it('default to 50 units of a product and 3 unpaid orders', () => {
    expect(loadConfig({}).orderLimits).toEqual({ lineMax: 50, pendingMax: 3 });
  });

  it('are read from ORDER_LINE_MAX and PENDING_ORDERS_MAX', () => {
    const config = loadConfig({ ORDER_LINE_MAX: '12', PENDING_ORDERS_MAX: '1' });
    expect(config.orderLimits).toEqual({ lineMax: 12, pendingMax: 1 });
  });

  it.each([
    ['ORDER_LINE_MAX', '0'],
    ['ORDER_LINE_MAX', '100000'],
    ['ORDER_LINE_MAX', 'ten'],
    ['PENDING_ORDERS_MAX', '0'],
    ['PENDING_ORDERS_MAX', '2.5'],
  ])('refuse %s=%s, naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });
});

describe('TRUST_PROXY', () => {
  it('is off unless set, and `true` means one proxy, never "trust what the client sends"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('takes the proxies addresses, and refuses anything else', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy).toBe('10.0.0.1,10.1.0.0/16');
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY:/);
  });
});

describe('PGLITE_WORKER', () => {
  const oneCore = { cores: 1, memoryBytes: 1024 ** 3 };
  const twoCores = { cores: 2, memoryBytes: 4 * 1024 ** 3 };

  it('follows the machine when unset: the main thread on one core, a worker thread on more', () => {
    expect(loadConfig({}, oneCore).pgliteThread).toBe('main');
    expect(loadConfig({}, twoCores).pgliteThread).toBe('worker');
  });

  it('is the thread it names when set, on any machine, and refuses anything else', () => {
    expect(loadConfig({ PGLITE_WORKER: '1' }, oneCore).pgliteThread).toBe('worker');
    expect(loadConfig({ PGLITE_WORKER: '0' }, twoCores).pgliteThread).toBe('main');
    expect(() => loadConfig({ PGLITE_WORKER: 'yes' })).toThrow(/PGLITE_WORKER:/);
  });
});

describe('PASSWORD_HASH_COST', () => {
  it("is OWASP's 2^17 unless set; a test server may lower it to 2^10, and nothing outside 10 to 20 is taken", () => {
    expect(loadConfig({}).passwordHashCost).toBe(17);
    expect(loadConfig({ PASSWORD_HASH_COST: '10' }).passwordHashCost).toBe(10);
    for (const value of ['9', '21', '12.5', 'cheap'])
      expect(() => loadConfig({ PASSWORD_HASH_COST: value })).toThrow(/PASSWORD_HASH_COST:/);
  });
});

describe('PostgreSQL connections', () => {
  const url = 'postgres://shop@10.0.0.5:6432/shop';
  it('pool connections by the cores through DATABASE_URL, LISTEN and locks on it too unless DATABASE_DIRECT_URL says', () => {
    expect(loadConfig({ DATABASE_URL: url }, { cores: 4, memoryBytes: 8 * 1024 ** 3 }).database).toEqual({
      kind: 'postgres',
      url,
      directUrl: url,
      poolMax: 10,
    });
    expect(loadConfig({ DATABASE_URL: url }, { cores: 1, memoryBytes: 1024 ** 3 }).database).toMatchObject({
      poolMax: 4,
    });
    const direct = 'postgres://shop@10.0.0.5:5432/shop';
    expect(
      loadConfig({ DATABASE_URL: url, DATABASE_DIRECT_URL: direct, DATABASE_POOL_MAX: '3' }).database,
    ).toEqual({ kind: 'postgres', url, directUrl: direct, poolMax: 3 });
  });

  it.each([
    ['DATABASE_POOL_MAX', '0'],
    ['DATABASE_POOL_MAX', 'many'],
    ['DATABASE_DIRECT_URL', 'memory:'],
  ])('refuse %s=%s, naming it', (name, value) => {
    expect(() => loadConfig({ DATABASE_URL: url, [name]: value })).toThrow(new RegExp(`${name}:`));
  });
});

describe('MEDIA_STORE', () => {
  it('keeps pictures on the disk unless set, and refuses MEDIA_PUBLIC_URL without a bucket', () => {
    expect(loadConfig({}).mediaStore).toEqual({ kind: 'disk' });
    expect(() => loadConfig({ MEDIA_PUBLIC_URL: 'https://cdn.example.com' })).toThrow(/MEDIA_PUBLIC_URL:/);
    expect(() => loadConfig({ MEDIA_STORE: 'https://bucket' })).toThrow(/MEDIA_STORE:/);
  });

  it('names a bucket and prefix, connected by the AWS SDK variables, path-style with an endpoint', () => {
    const config = loadConfig({
      MEDIA_STORE: 's3://shop-pictures/live/media/',
      MEDIA_PUBLIC_URL: 'https://cdn.example.com/',
      AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:9000',
      AWS_ACCESS_KEY_ID: 'key',
      AWS_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.mediaStore).toEqual({
      kind: 's3',
      bucket: 'shop-pictures',
      prefix: 'live/media/',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      publicUrl: 'https://cdn.example.com',
    });
    expect(loadConfig({ MEDIA_STORE: 's3://shop', AWS_REGION: 'eu-west-1' }).mediaStore).toEqual({
      kind: 's3',
      bucket: 'shop',
      prefix: '',
      region: 'eu-west-1',
    });
  });
});
