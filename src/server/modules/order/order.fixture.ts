import pino from 'pino';
import { AppError } from '#server/errors';
import { createGateways, sandboxWalletSecret } from '#server/gateways/create-gateways';
import { translate } from '#server/i18n';
import { loadShopSecret } from '#server/secret';
import type { Language } from '#shared/constants';
import type { StaffRole } from '#shared/schemas/staff.rules';
import { createTeam, type TestStaff } from '../../../../tests/helpers/staff';
import { type LiveShop, startLiveShop } from '../payment/payment.fixture';
import type { RefundDeps } from '../payment/payment.refund';

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

/** One console request with `token` (none: a visitor) in `language`: the status and the parsed body. */
function adminCall(shop: LiveShop) {
  return async (
    token: string | undefined,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
    language = 'en',
  ) => {
    const res = await shop.t.app.inject({
      method,
      url,
      headers: { 'accept-language': language, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  };
}

/** A live shop with one staff member of each role, and a console call as any of them. */
export interface AdminShop {
  shop: LiveShop;
  staff: Record<StaffRole, TestStaff>;
  call: ReturnType<typeof adminCall>;
}

/** The console API tests' setup: a live shop (close it after) with an owner, a manager and a packer. */
export async function startAdminShop(): Promise<AdminShop> {
  const shop = await startLiveShop();
  const staff = await createTeam(shop.t.database, shop.t.clock.now());
  return { shop, staff, call: adminCall(shop) };
}
