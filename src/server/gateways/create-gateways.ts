import type { Config } from '../config';
import { deriveKey } from '../secret';
import { AuthorizeNetCardGateway } from './authorizenet';
import { DEFAULT_GATEWAY_TIMEOUT_MS, type GatewayDeps, type Gateways } from './gateway';
import { SandboxCardGateway, SandboxWalletGateway } from './sandbox';
import { YuansferWalletGateway } from './yuansfer';

type GatewayConfig = Pick<Config, 'payments' | 'publicUrl' | 'yuansfer' | 'authorizeNet'>;

/** The sandbox wallet's signing secret, derived from the shop's secret (see secret.ts). */
export function sandboxWalletSecret(shopSecret: Buffer): string {
  return deriveKey(shopSecret, 'sandbox-wallet').toString('base64url');
}

/**
 * The wallet and card gateways `config.payments` asks for: the built-in sandbox, or Yuansfer and
 * Authorize.Net. Throws at start-up when live mode lacks a credential.
 */
export function createGateways(config: GatewayConfig, deps: GatewayDeps): Gateways {
  const timeoutMs = deps.timeoutMs ?? DEFAULT_GATEWAY_TIMEOUT_MS;
  const fetchFn = deps.fetch ?? globalThis.fetch;
  if (config.payments === 'sandbox') {
    const wallet = new SandboxWalletGateway({
      publicUrl: config.publicUrl,
      secret: deps.sandboxSecret,
      clock: deps.clock,
    });
    return { kind: 'sandbox', wallet, card: new SandboxCardGateway(deps.clock), sandbox: wallet };
  }
  const { merchantNo, storeNo, token } = config.yuansfer;
  const { loginId, transactionKey } = config.authorizeNet;
  const missing = [
    ['YUANSFER_MERCHANT_NO', merchantNo],
    ['YUANSFER_STORE_NO', storeNo],
    ['YUANSFER_TOKEN', token],
    ['AUTHORIZENET_LOGIN_ID', loginId],
    ['AUTHORIZENET_TRANSACTION_KEY', transactionKey],
  ].filter(([, value]) => !value);
  if (!merchantNo || !storeNo || !token || !loginId || !transactionKey) {
    throw new Error(`PAYMENTS=live needs ${missing.map(([name]) => name).join(', ')}`);
  }
  const http = { fetch: fetchFn, timeoutMs, log: deps.log };
  return {
    kind: 'live',
    wallet: new YuansferWalletGateway({
      ...http,
      baseUrl: config.yuansfer.baseUrl,
      merchantNo,
      storeNo,
      token,
    }),
    card: new AuthorizeNetCardGateway({
      ...http,
      baseUrl: config.authorizeNet.baseUrl,
      loginId,
      transactionKey,
      clock: deps.clock,
    }),
    sandbox: undefined,
  };
}
