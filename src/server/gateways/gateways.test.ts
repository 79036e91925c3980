import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../clock';
import { loadConfig } from '../config';
import { schemaOrderError } from './authorizenet-schema';
import { cardBrandOf, expirationDateOf, isExpired, passesLuhn } from './card-rules';
import { createGateways } from './create-gateways';
import type { GatewayLog, Gateways } from './gateway';
import { yuansferTime } from './yuansfer-notification';
import { hasValidYuansferSignature, signYuansferFields, yuansferSignature } from './yuansfer-sign';

const quietLog: GatewayLog = { info() {}, warn() {}, error() {} };

describe('Yuansfer verifySign', () => {
  const token = '5cbfb079f15b150122261c8537086d77a';
  const published = {
    amount: '1.00',
    storeNo: '300014',
    currency: 'USD',
    merchantNo: '200043',
    callbackUrl: 'https://wx.yuansfer.yunkeguan.com/wx',
    terminal: 'ONLINE',
    ipnUrl: 'https://wx.yuansfer.yunkeguan.com/wx',
    reference: 'seq_1525922323',
    vendor: 'alipay',
    goodsInfo: '[{"goods_name":"Yuansfer","quantity":"1"}]',
    timeout: '120',
  };

  it('matches the published example', () => {
    expect(yuansferSignature(published, token)).toBe('b6bfd66531ae7c9499115c7480a2c8aa');
  });

  it('skips empty fields and verifySign itself', () => {
    const withExtras = { ...published, note: '', verifySign: 'whatever' };
    expect(yuansferSignature(withExtras, token)).toBe('b6bfd66531ae7c9499115c7480a2c8aa');
    expect(signYuansferFields(withExtras, token)).not.toHaveProperty('note');
  });

  it('accepts the right signature in either case and refuses any change', () => {
    const signed = signYuansferFields(published, token);
    expect(hasValidYuansferSignature(signed, token)).toBe(true);
    expect(hasValidYuansferSignature({ ...signed, verifySign: signed.verifySign.toUpperCase() }, token)).toBe(
      true,
    );
    expect(hasValidYuansferSignature({ ...signed, amount: '1.01' }, token)).toBe(false);
    expect(hasValidYuansferSignature(signed, 'another-token')).toBe(false);
    expect(hasValidYuansferSignature({ ...signed, verifySign: 'short' }, token)).toBe(false);
    expect(hasValidYuansferSignature({ ...published }, token)).toBe(false);
  });

  it('writes notification times in UTC+8', () => {
    expect(yuansferTime(new Date('2026-01-15T12:00:00Z'))).toBe('20260115200000');
  });
});

describe('card rules', () => {
  it('checks Luhn', () => {
    for (const good of ['4111111111111111', '4007000000027', '5424000000000015', '370000000000002']) {
      expect(passesLuhn(good)).toBe(true);
    }
    expect(passesLuhn('4111 1111 1111 1111')).toBe(true);
    expect(passesLuhn('4111111111111112')).toBe(false);
    expect(passesLuhn('41111111111')).toBe(false);
    expect(passesLuhn('4111x11111111111')).toBe(false);
  });

  it('names brands as Authorize.Net does', () => {
    expect(cardBrandOf('4111111111111111')).toBe('Visa');
    expect(cardBrandOf('5424000000000015')).toBe('MasterCard');
    expect(cardBrandOf('2223000048400011')).toBe('MasterCard');
    expect(cardBrandOf('370000000000002')).toBe('AmericanExpress');
    expect(cardBrandOf('6011000000000012')).toBe('Discover');
    expect(cardBrandOf('38000000000006')).toBe('DinersClub');
    expect(cardBrandOf('3088000000000017')).toBe('JCB');
    expect(cardBrandOf('3566111111111113')).toBe('JCB');
    expect(cardBrandOf('9999999999999995')).toBe('Unknown');
  });

  it('keeps a card valid through the end of its expiry month', () => {
    const now = new Date('2026-01-31T23:59:00Z');
    expect(isExpired(1, 2026, now)).toBe(false);
    expect(isExpired(12, 2025, now)).toBe(true);
    expect(isExpired(12, 25, now)).toBe(true);
    expect(expirationDateOf(3, 29)).toBe('2029-03');
  });
});

describe('Authorize.Net schema order', () => {
  const auth = { name: 'a', transactionKey: 'b' };
  it('accepts keys in the schema order and refuses others as the gateway does', () => {
    const inOrder = {
      merchantAuthentication: auth,
      transactionRequest: { transactionType: 't', amount: '1.00' },
    };
    expect(schemaOrderError('createTransactionRequest', inOrder)).toBeUndefined();
    const swapped = {
      merchantAuthentication: auth,
      transactionRequest: { amount: '1.00', transactionType: 't' },
    };
    expect(schemaOrderError('createTransactionRequest', swapped)).toMatch(
      /element 'transactionRequest' .* invalid child element 'transactionType'/,
    );
    const late = { transactionRequest: {}, merchantAuthentication: auth };
    expect(schemaOrderError('createTransactionRequest', late)).toMatch(
      /invalid child element 'merchantAuthentication'/,
    );
    const setting = { settingValue: '120', settingName: 'duplicateWindow' };
    const inArray = {
      merchantAuthentication: auth,
      transactionRequest: { transactionSettings: { setting: [setting] } },
    };
    expect(schemaOrderError('createTransactionRequest', inArray)).toMatch(
      /invalid child element 'settingName'/,
    );
    expect(schemaOrderError('createTransactionRequest', { ...inOrder, unknown: 1 })).toMatch(/'unknown'/);
  });
});

describe('createGateways', () => {
  const deps = { clock: new ManualClock(), log: quietLog, sandboxSecret: 'the shop secret, derived' };

  it('builds the sandbox by default, with its pay-page helpers', () => {
    const gateways = createGateways(loadConfig({}), deps);
    expect(gateways.kind).toBe('sandbox');
    expect(gateways.sandbox).toBeDefined();
  });

  it('refuses live mode without credentials, naming what is missing', () => {
    const config = loadConfig({ PAYMENTS: 'live', YUANSFER_MERCHANT_NO: '1' });
    expect(() => createGateways(config, deps)).toThrow(
      /YUANSFER_STORE_NO, YUANSFER_TOKEN, AUTHORIZENET_LOGIN_ID, AUTHORIZENET_TRANSACTION_KEY/,
    );
  });

  it('builds Yuansfer and Authorize.Net in live mode', () => {
    const config = loadConfig({
      PAYMENTS: 'live',
      YUANSFER_MERCHANT_NO: '200043',
      YUANSFER_STORE_NO: '300014',
      YUANSFER_TOKEN: 't',
      AUTHORIZENET_LOGIN_ID: 'l',
      AUTHORIZENET_TRANSACTION_KEY: 'k',
    });
    const gateways = createGateways(config, deps);
    expect(gateways.kind).toBe('live');
    expect(gateways.sandbox).toBeUndefined();
  });

  it('signs sandbox links so that another process with the same secret takes them, and no other', async () => {
    const start = async (gateways: Gateways) => {
      const started = await gateways.wallet.startWalletPayment({
        reference: '2601151234567890-1',
        amountCents: 990,
        vendor: 'alipay',
        ipnUrl: 'http://127.0.0.1:3000/api/yuansfer/ipn',
        callbackUrl: 'http://127.0.0.1:3000/pay/2601151234567890',
        goods: [],
      });
      if (!started.ok) throw new Error(started.message);
      return started.url.split('/').pop() ?? '';
    };
    const token = await start(createGateways(loadConfig({}), deps));
    expect(createGateways(loadConfig({}), deps).sandbox?.sandboxPaymentDetails(token)).toMatchObject({
      amountCents: 990,
    });
    const elsewhere = createGateways(loadConfig({}), { ...deps, sandboxSecret: 'another shop entirely' });
    expect(elsewhere.sandbox?.sandboxPaymentDetails(token)).toBeUndefined();
    expect(() => createGateways(loadConfig({}), { ...deps, sandboxSecret: '' })).toThrow(/secret/);
  });

  it('takes a pino logger', () => {
    const log: GatewayLog = pino({ level: 'silent' });
    expect(createGateways(loadConfig({}), { ...deps, log }).kind).toBe('sandbox');
  });
});
