import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { YuansferDouble } from '../../../tests/fakes/yuansfer-double';
import type { GatewayLog, StartWalletPaymentInput, WalletNotification } from './gateway';
import { YuansferWalletGateway } from './yuansfer';

/** The shop's IPN endpoint in miniature: verify, remember, answer `success` (after `failFirst` refusals). */
class IpnReceiver {
  readonly received: Record<string, string>[] = [];
  readonly verified: (WalletNotification | undefined)[] = [];
  failFirst = 0;
  url = '';
  private readonly server: Server;

  constructor(private readonly verify: (form: Record<string, string>) => WalletNotification | undefined) {
    this.server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      this.received.push(form);
      const notification = this.verify(form);
      this.verified.push(notification);
      if (this.failFirst > 0) {
        this.failFirst--;
        return void res.writeHead(500).end('busy');
      }
      res.end(notification ? 'success' : 'fail');
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api/yuansfer/ipn`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const logged: object[] = [];
const log: GatewayLog = {
  info: (o) => void logged.push(o),
  warn: (o) => void logged.push(o),
  error: (o) => void logged.push(o),
};

const double = new YuansferDouble();
let gateway: YuansferWalletGateway;
let receiver: IpnReceiver;
let sequence = 0;

function gatewayWith(overrides: Partial<ConstructorParameters<typeof YuansferWalletGateway>[0]> = {}) {
  const { merchantNo, storeNo, token } = double;
  const options = { baseUrl: double.baseUrl, merchantNo, storeNo, token, fetch, log, timeoutMs: 3000 };
  return new YuansferWalletGateway({ ...options, ...overrides });
}

function payment(overrides: Partial<StartWalletPaymentInput> = {}): StartWalletPaymentInput {
  return {
    reference: `2026011500${++sequence}`,
    amountCents: 1250,
    vendor: 'alipay',
    ipnUrl: receiver.url,
    callbackUrl: 'http://127.0.0.1:3000/pay/return?status={status}',
    goods: [
      { name: 'Fuji apples & pears', quantity: 2 },
      { name: '苹果', quantity: 1 },
    ],
    ...overrides,
  };
}

beforeAll(async () => {
  await double.start();
  double.ipnRetryMs = 20;
  gateway = gatewayWith();
  receiver = new IpnReceiver((form) => gateway.verifyNotification(form));
  await receiver.start();
});
afterAll(async () => {
  await double.stop();
  await receiver.stop();
});
beforeEach(() => {
  receiver.failFirst = 0;
  logged.length = 0;
});
afterEach(() => {
  receiver.received.length = 0;
  receiver.verified.length = 0;
});

describe('secure-pay', () => {
  it('sends the signed form and answers the cashier URL', async () => {
    const input = payment();
    const result = await gateway.startWalletPayment(input);
    expect(result).toEqual({ ok: true, url: expect.stringMatching(`^${double.baseUrl}/cashier/\\d{18}$`) });
    const sent = double.requests.at(-1)?.form;
    expect(sent).toMatchObject({
      merchantNo: '200043',
      storeNo: '300014',
      amount: '12.50',
      currency: 'USD',
      settleCurrency: 'USD',
      vendor: 'alipay',
      terminal: 'ONLINE',
      reference: input.reference,
      ipnUrl: receiver.url,
      callbackUrl: input.callbackUrl,
      timeout: '10',
    });
    expect(JSON.parse(sent?.goodsInfo ?? '')).toEqual([
      { goods_name: 'Fuji apples pears', quantity: '2' },
      { goods_name: '苹果', quantity: '1' },
    ]);
  });

  it("answers the gateway's message when it refuses (here: a wrong token)", async () => {
    const result = await gatewayWith({ token: 'not-the-token' }).startWalletPayment(payment());
    expect(result).toEqual({ ok: false, message: 'data error : verifySign' });
  });

  it.each([
    // The double holds a `timeout` call forever: only the adapter's 300 ms timer can end it.
    ['timeout', { failure: 'timeout' }],
    ['500', { failure: 'bad answer', status: 500 }],
    ['garbage', { failure: 'bad answer', status: 200 }],
  ] as const)('is unavailable on %s', async (fault, failure) => {
    double.failNext(fault);
    const result = await gatewayWith({ timeoutMs: fault === 'timeout' ? 300 : 3000 }).startWalletPayment(
      payment(),
    );
    expect(result).toMatchObject({ ok: false, unavailable: true });
    expect(logged).toContainEqual(expect.objectContaining({ path: '/online/v3/secure-pay', ...failure }));
  });
});

describe('IPN', () => {
  async function paid(options: Parameters<YuansferDouble['pay']>[1] = {}) {
    const input = payment();
    await gateway.startWalletPayment(input);
    return { input, delivery: await double.pay(input.reference, options) };
  }

  it('verifies a genuine notification', async () => {
    const { input, delivery } = await paid();
    expect(delivery).toMatchObject({ delivered: true, attempts: 1 });
    expect(receiver.verified[0]).toEqual({
      reference: input.reference,
      transactionNo: delivery.form.transactionNo,
      status: 'success',
      rawStatus: 'success',
      amountCents: 1250,
      currency: 'USD',
    });
  });

  it('is retried until the shop answers exactly "success"', async () => {
    receiver.failFirst = 2;
    const { delivery } = await paid();
    expect(delivery.attempts).toBe(3);
    expect(delivery.answers).toEqual(['busy', 'busy', 'success']);
  });

  it('refuses a tampered amount or a forged signature', async () => {
    for (const tamper of ['amount', 'signature'] as const) {
      const { delivery } = await paid({ tamper });
      expect(delivery.delivered).toBe(false);
    }
    expect(receiver.verified.every((v) => v === undefined)).toBe(true);
    expect(receiver.received).toHaveLength(2 * double.ipnAttempts);
  });

  it('refuses malformed forms', () => {
    const good = { reference: '1', transactionNo: '2', status: 'success', amount: '1.00', currency: 'USD' };
    expect(gateway.verifyNotification({ ...good, verifySign: '' })).toBeUndefined();
    expect(gateway.verifyNotification({})).toBeUndefined();
  });

  it('passes on a signed amount or currency that differs, for the order check to refuse', async () => {
    await paid({ amount: '1.00', currency: 'CNY' });
    expect(receiver.verified[0]).toMatchObject({ amountCents: 100, currency: 'CNY' });
  });

  it('reports failures and closures', async () => {
    await paid({ outcome: 'failed' });
    await paid({ outcome: 'closed' });
    expect(receiver.verified.map((v) => v?.status)).toEqual(['failed', 'closed']);
  });

  it('gives the same transactionNo when a notification is replayed', async () => {
    const { input } = await paid();
    const replay = await double.replay(input.reference);
    expect(replay.delivered).toBe(true);
    expect(receiver.verified[1]?.transactionNo).toBe(receiver.verified[0]?.transactionNo);
  });
});

describe('tran-query', () => {
  it('answers pending, then paid', async () => {
    const input = payment({ amountCents: 990 });
    await gateway.startWalletPayment(input);
    expect(await gateway.queryTransaction(input.reference)).toMatchObject({
      status: 'pending',
      amountCents: 990,
    });
    await double.pay(input.reference);
    const paid = await gateway.queryTransaction(input.reference);
    expect(paid).toEqual({
      status: 'paid',
      amountCents: 990,
      currency: 'USD',
      transactionNo: expect.any(String),
    });
    const query = double.requests.at(-1);
    expect(query?.path).toBe('/app-data-search/v3/tran-query');
    expect(Object.keys(query?.form ?? {}).sort()).toEqual([
      'merchantNo',
      'reference',
      'storeNo',
      'verifySign',
    ]);
  });

  it('cannot say for an unknown reference or when the gateway fails', async () => {
    expect(await gateway.queryTransaction('no-such-reference')).toBeUndefined();
    double.failNext('garbage');
    expect(await gateway.queryTransaction('no-such-reference')).toBeUndefined();
  });
});

describe('refund', () => {
  it('refunds by reference or transactionNo, never more than was paid', async () => {
    const input = payment({ amountCents: 2000 });
    await gateway.startWalletPayment(input);
    const { form } = await double.pay(input.reference);
    expect(await gateway.refundWallet({ reference: input.reference, amountCents: 500 })).toEqual({
      ok: true,
    });
    expect(double.requests.at(-1)?.form).toMatchObject({
      refundAmount: '5.00',
      currency: 'USD',
      settleCurrency: 'USD',
    });
    const byNumber = { transactionNo: form.transactionNo as string, amountCents: 1500 };
    expect(await gateway.refundWallet(byNumber)).toEqual({ ok: true });
    expect(await gateway.refundWallet({ reference: input.reference, amountCents: 1 })).toEqual({
      ok: false,
      message: 'refund amount error',
    });
  });

  it('is unavailable when the gateway does not answer', async () => {
    double.failNext('500');
    expect(await gateway.refundWallet({ reference: 'x', amountCents: 1 })).toMatchObject({
      unavailable: true,
    });
  });
});
