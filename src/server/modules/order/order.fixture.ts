import pino from 'pino';
import { AppError } from '#server/errors';
import { createGateways, sandboxWalletSecret } from '#server/gateways/create-gateways';
import { translate } from '#server/i18n';
import { loadShopSecret } from '#server/secret';
import type { Language } from '#shared/constants';
import type { LiveShop } from '../payment/payment.fixture';
import type { RefundDeps } from './order.refund';

/** What `npm run shop -- refund ORDER` builds: the configured gateways (in tests, the doubles). */
export function refundDepsOf(shop: LiveShop): RefundDeps {
  const log = pino({ level: 'silent' });
  const sandboxSecret = sandboxWalletSecret(loadShopSecret(shop.t.config));
  const gateways = createGateways(shop.t.config, { clock: shop.t.clock, log, sandboxSecret });
  return { db: shop.t.database.db, clock: shop.t.clock, gateways, log };
}

/** The message of the refusal `promise` rejects with, in `language`. */
export async function refusal(promise: Promise<unknown>, language: Language = 'en'): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return translate(language, error.key, error.params);
}
